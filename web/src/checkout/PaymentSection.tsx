import { CardEntry, type CardFormProps, type PaymentProcessor } from '../ui';
import { CheckoutSection } from './CheckoutSection';

interface Props {
  payment: PaymentProcessor;
  /** A new value gives a new, empty card form. */
  formKey: number;
  cardForm: Omit<CardFormProps, 'onReady'>;
}

/** "Payment": the processor's card form and wallet. */
export function PaymentSection({ payment, formKey, cardForm }: Props) {
  return (
    <CheckoutSection title="Payment">
      <CardEntry payment={payment} formKey={formKey} {...cardForm} />
    </CheckoutSection>
  );
}
