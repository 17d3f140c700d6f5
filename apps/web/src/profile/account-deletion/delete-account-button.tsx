import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DeleteAccountDialog } from './delete-account-dialog.js';

/** The Danger Zone's Delete Account button and the dialog it opens (fresh each time it opens). */
export function DeleteAccountButton() {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button color="red" onClick={dialog.open}>
        Delete Account
      </Button>
      {opened && <DeleteAccountDialog onClose={dialog.close} />}
    </>
  );
}
