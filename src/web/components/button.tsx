import { Button as AriaButton, type ButtonProps } from 'react-aria-components';
import { buttonClass, type Variant } from './button-class';

// The look (buttonClass) and the link drawn as a button live in button-class.tsx, without React
// Aria, so that a page can have them without React Aria's Button; re-exported here for the rest.
export { buttonClass, ButtonLink } from './button-class';

export function Button({ variant = 'primary', className, ...props }: ButtonProps & { variant?: Variant; className?: string }) {
  return <AriaButton {...props} className={buttonClass(variant, className ?? '')} />;
}
