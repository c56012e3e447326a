/**
 * The shared UI kit: small accessible components on the design tokens (styles/tokens.css).
 * Import from here (`../ui`), not from the files inside.
 */
export { Button, type ButtonProps } from './Button';
export {
  ControlFrame,
  Field,
  type ControlFrameProps,
  type ControlWiring,
  type FieldLook,
  type FieldProps,
} from './Field';
export { Select, type SelectProps } from './Select';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { FormError, FormMessage, type MessageKind } from './FormMessage';
export { Dialog } from './Dialog';
export { TOAST_MS, ToastRegion, useToasts, type Toast, type ToastKind } from './Toast';
export { Stepper, type Step } from './Stepper';
export { PageShell, type PageShellProps } from './PageShell';
export { AttachmentComposer } from './AttachmentComposer';
export { ProgressBar } from './ProgressBar';
export { Section } from './Section';
export { TextArea } from './TextArea';
export { useAsyncAction } from './useAsyncAction';
export { CardEntry, type CardEntryProps } from './card/CardEntry';
export {
  usePaymentProcessor,
  type PaymentProcessor,
  type Processor,
} from './card/usePaymentProcessor';
export {
  CardEntryError,
  type CardEntryHandle,
  type CardFormProps,
  type CardResult,
} from './card/cardEntry';
export { useFileDrop } from './useFileDrop';
