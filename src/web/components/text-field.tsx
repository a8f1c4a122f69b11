import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps } from 'react-aria-components';

import { inputClass } from './input-class';

// The look lives in its own module so a page can style a native control without loading React Aria's TextField.
export { inputClass };

/** A labelled text input (React Aria: label, description and error wired for screen readers). */
export function TextField({
  label,
  description,
  placeholder,
  multiline,
  className,
  ...props
}: TextFieldProps & { label: string; description?: string; placeholder?: string; multiline?: boolean; className?: string }) {
  return (
    <AriaTextField {...props} className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <Label className="text-sm font-medium text-ink">{label}</Label>
      {multiline ? <TextArea placeholder={placeholder} className={`${inputClass} min-h-28 resize-y`} /> : <Input placeholder={placeholder} className={inputClass} />}
      {description && (
        <Text slot="description" className="text-xs text-muted">
          {description}
        </Text>
      )}
      <FieldError className="text-sm text-brick" />
    </AriaTextField>
  );
}
