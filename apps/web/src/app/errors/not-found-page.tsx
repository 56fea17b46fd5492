import { MessagePage } from '../../components/ui/message-page.tsx';

export function NotFoundPage() {
  return (
    <MessagePage title="Page not found">
      <p>The page you are looking for does not exist.</p>
    </MessagePage>
  );
}
