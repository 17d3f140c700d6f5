import { Button } from '@mantine/core';
import { useDisclosure, useFocusReturn } from '@mantine/hooks';
import { DeleteAccountDialog } from './delete-account-dialog.js';

/**
 * The Danger Zone's Delete Account button and the dialog it opens (fresh each time it opens). The dialog leaves the
 * page when it closes, before it could give focus back, so the button takes it back itself.
 */
export function DeleteAccountButton() {
  const [opened, dialog] = useDisclosure(false);
  useFocusReturn({ opened });
  return (
    <>
      <Button color="red" onClick={dialog.open}>
        Delete Account
      </Button>
      {opened && <DeleteAccountDialog onClose={dialog.close} />}
    </>
  );
}
