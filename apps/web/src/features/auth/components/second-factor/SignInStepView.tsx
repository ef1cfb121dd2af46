import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { EnrolmentStep } from './EnrolmentStep';
import { SecondFactorStep } from './SecondFactorStep';
import type { SignInStep } from './sign-in-step';

/** The step the password answered with, in place of the password form (same card). */
export function SignInStepView({
  step,
  onBack,
}: {
  step: SignInStep;
  onBack: (message?: string) => void;
}) {
  return step.kind === 'enrolment' ? (
    <EnrolmentStep step={step} onBack={onBack} />
  ) : (
    <SecondFactorStep step={step} onBack={onBack} />
  );
}

/** Why the person is back at the password (the step expired), until they try again. */
export function StepEndedNotice({ message }: { message: string | null }) {
  return message ? (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="status">
      {message}
    </Alert>
  ) : null;
}
