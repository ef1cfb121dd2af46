import { Alert, Button } from '@mantine/core';
import { IconLock, IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Nobody is signed in: what signing in unlocks, and the way to the login. */
export function SignInNotice({
  title,
  body,
  action,
}: {
  title: string;
  body: string;
  action: string;
}) {
  return (
    <Alert color="blue" variant="light" icon={<IconLogin size={20} />} title={title}>
      {body}
      <Button component={Link} to="/admin" size="xs" mt="sm" display="block" w="fit-content">
        {action}
      </Button>
    </Alert>
  );
}

/** The signed-in API key lacks the permission this page needs (SPEC §6). */
export function MissingPermissionNotice({ title, body }: { title: string; body: string }) {
  return (
    <Alert color="orange" variant="light" icon={<IconLock size={20} />} title={title}>
      {body}
    </Alert>
  );
}
