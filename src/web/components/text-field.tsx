import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps } from 'react-aria-components';

export const inputClass =
  'w-full min-h-11 rounded-xl border border-line bg-white px-4 py-2.5 text-ink placeholder:text-muted/80 outline-none transition focus:border-rose-500 focus:ring-3 focus:ring-rose-100 data-[invalid]:border-brick';

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
