import { TextInput } from '@mantine/core';
import type { Ref } from 'react';

const CODE_LENGTH = 6;

interface OneTimeCodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once the sixth digit is typed or pasted: the form sends itself. */
  onComplete: (code: string) => void;
  description?: string;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The 6-digit code of an authenticator app. `one-time-code` lets phones offer the code
 * from a message or the app; anything but digits is dropped (a pasted "123 456" works).
 */
export function OneTimeCodeInput({
  label,
  value,
  onChange,
  onComplete,
  description,
  error,
  disabled,
  autoFocus,
  inputRef,
}: OneTimeCodeInputProps) {
  return (
    <TextInput
      ref={inputRef}
      label={label}
      description={description}
      error={error}
      disabled={disabled}
      data-autofocus={autoFocus || undefined}
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH + 2}
      withAsterisk
      value={value}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 4 } }}
      onChange={(event) => {
        const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
        onChange(digits);
        if (digits.length === CODE_LENGTH && value.length !== CODE_LENGTH) {
          onComplete(digits);
        }
      }}
    />
  );
}

/** Whether a typed code has all its digits. */
export function codeComplete(code: string): boolean {
  return code.length === CODE_LENGTH;
}
