import { z } from 'zod';

export const adminUser = z.object({
  id: z.number(),
  username: z.string(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

const username = z
  .string()
  .trim()
  .min(1, 'username is required')
  .max(150, 'username has at most 150 characters')
  .regex(/^[\w.@+-]+$/, 'username may contain letters, digits and @ . + - _ only');
const password = z.string().min(8, 'password needs at least 8 characters').max(1024);

export const adminUserCreate = z.strictObject({
  username,
  password,
  is_staff: z.boolean().optional(),
  is_superuser: z.boolean().optional(),
});
export type AdminUserCreate = z.infer<typeof adminUserCreate>;

export const adminUserUpdate = z.strictObject({
  is_staff: z.boolean().optional(),
  is_superuser: z.boolean().optional(),
  is_active: z.boolean().optional(),
  password: password.optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdate>;

export const adminUserList = z.object({ data: z.array(adminUser) });
