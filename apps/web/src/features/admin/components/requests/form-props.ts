import type { RequestFormErrors, RequestFormValues } from './request-form';

/** What every section of the request form is given. */
export interface RequestFieldsProps {
  values: RequestFormValues;
  errors: RequestFormErrors;
  onChange: <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => void;
  /** The translated error of a field, if it has one. */
  errorOf: (key: keyof RequestFormValues) => string | undefined;
}
