import { Input, Text, View } from '@tarojs/components';
import type { ReactNode } from 'react';
import './index.scss';

// The submit button apart (submit.tsx): the page frame's policy prompt, on every page, needs it alone.
export { SubmitButton, useSubmit, type SubmitButtonProps } from './submit';

/**
 * Form building blocks shared by every screen: a labelled field that shows its error inline,
 * a text field built on it, and a submit button that disables itself while the submit runs.
 */

export interface FormFieldProps {
  label: string;
  /** Shown under the field in red; the field is marked invalid while it is set. */
  error?: string;
  /** Grey help text, shown only while there is no error. */
  hint?: string;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

export function FormField({ label, error, hint, required, children, className }: FormFieldProps) {
  return (
    <View className={`form-field${error ? ' form-field--invalid' : ''} ${className ?? ''}`}>
      <View className="form-field__row">
        <Text className="form-field__label">
          {label}
          {required && (
            <Text className="form-field__required" aria-hidden>
              *
            </Text>
          )}
        </Text>
        <View className="form-field__control">{children}</View>
      </View>
      {error ? (
        <Text className="form-field__error" role="alert">
          {error}
        </Text>
      ) : hint ? (
        <Text className="form-field__hint">{hint}</Text>
      ) : null}
    </View>
  );
}

export interface TextFieldProps extends Omit<FormFieldProps, 'children'> {
  value: string;
  onChange: (value: string) => void;
  /** Called when the field loses focus: validate here to show the error inline. */
  onBlur?: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'number' | 'idcard' | 'digit';
  maxlength?: number;
  password?: boolean;
  disabled?: boolean;
  /** Identifies the input in tests and for assistive tech. */
  name?: string;
  /** Something after the input on the same row (a "send code" button). */
  suffix?: ReactNode;
}

export function TextField({
  value,
  onChange,
  onBlur,
  placeholder,
  type = 'text',
  maxlength,
  password,
  disabled,
  name,
  suffix,
  ...field
}: TextFieldProps) {
  return (
    <FormField {...field}>
      <View className="form-field__input-row">
        <Input
          className="form-field__input"
          name={name}
          value={value}
          type={type}
          password={password}
          maxlength={maxlength ?? 140}
          disabled={disabled}
          placeholder={placeholder}
          placeholderClass="form-field__placeholder"
          aria-label={field.label}
          aria-invalid={Boolean(field.error)}
          onInput={(event) => onChange(String(event.detail.value ?? ''))}
          onBlur={(event) => onBlur?.(String(event.detail.value ?? ''))}
        />
        {suffix}
      </View>
    </FormField>
  );
}
