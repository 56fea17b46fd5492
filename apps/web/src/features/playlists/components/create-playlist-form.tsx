import { useId, useState, type FormEvent } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateCustomPlaylist } from '../api/create-custom-playlist.ts';

/** Spec §2 Playlist list: create a custom playlist; it needs a name. */
export function CreatePlaylistForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [missingName, setMissingName] = useState(false);
  const create = useCreateCustomPlaylist();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setMissingName(trimmed === '');
    if (trimmed === '') return;
    create.mutate(trimmed, { onSuccess: () => setName('') });
  };

  return (
    <form className="inline-form create-playlist-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={id}>Create a custom playlist</label>
      <input
        id={id}
        type="text"
        placeholder="Playlist name"
        value={name}
        aria-invalid={missingName}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="button primary" disabled={create.isPending}>
        Create
      </button>
      {missingName && <ErrorText>Please enter a name for the playlist.</ErrorText>}
      {create.isError && <ErrorText>{errorMessage(create.error)}</ErrorText>}
    </form>
  );
}
