import { Text } from '@mantine/core';
import { ConfirmActionModal } from '../actions/confirm-action-modal.js';
import type { EpisodeActions } from '../actions/use-episode-actions.js';
import type { EpisodeEditorState } from './use-episode-editor.js';

export type EditorConfirmation = 'publish' | 'duplicate';

interface EditorConfirmationsProps {
  confirming: EditorConfirmation | null;
  onClose: () => void;
  editor: EpisodeEditorState;
  actions: EpisodeActions;
  publishFailure: string | null;
}

/**
 * The editor asks before publishing (the form is saved as published, its publish date now) and before duplicating
 * (a draft copy opens); deleting is asked by the action dialogs.
 */
export function EditorConfirmations({
  confirming,
  onClose,
  editor,
  actions,
  publishFailure,
}: EditorConfirmationsProps) {
  const { loaded, values } = editor;
  const duplicating = actions.running?.action === 'duplicate';
  return (
    <>
      <ConfirmActionModal
        opened={confirming === 'publish'}
        title="Publish Episode"
        message={
          <Text>
            Publish <strong>{values.title || 'this episode'}</strong> now? It appears on its public page and,
            when included in RSS, in the podcast’s feed.{' '}
            {editor.dirty ? 'Your unsaved changes are saved with it.' : ''}
          </Text>
        }
        confirmLabel="Publish Now"
        confirmColor="green"
        pending={editor.save.isPending}
        error={publishFailure}
        onConfirm={() => {
          if (!editor.submit({ ...values, status: 'published' })) onClose();
        }}
        onClose={() => {
          onClose();
          editor.save.reset();
        }}
      />
      <ConfirmActionModal
        opened={confirming === 'duplicate' && loaded !== null}
        title="Duplicate Episode"
        message={
          <Text>
            A draft copy of <strong>{loaded?.title}</strong> is made, titled “(Copy)”, without its dates, and
            opens in the editor. {editor.dirty ? 'Unsaved changes here are not copied.' : ''}
          </Text>
        }
        confirmLabel="Duplicate"
        pending={duplicating}
        error={actions.failure}
        onConfirm={() => loaded && actions.request('duplicate', loaded)}
        onClose={onClose}
      />
    </>
  );
}
