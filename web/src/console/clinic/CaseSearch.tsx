import { orderNumber } from '@clinic/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { FormMessage } from '../../ui';
import { ConsoleEmpty } from '../ConsoleEmpty';
import {
  FindingOrder,
  OrderSearch,
  OrderSearchHeading,
  OrderSearchResult,
  useOrderSearch,
} from '../OrderSearch';
import { CaseTable } from './CaseTable';
import { caseSearchQuery } from './clinicApi';
import { casePath } from './paths';

/** The case of an order a clinician found by its number, whatever its tab; or plainly none. */
function FoundCase({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const found = useQuery(caseSearchQuery(orderId));
  if (found.isPending) return <FindingOrder orderId={orderId} />;
  if (found.isError) return <FormMessage kind="error">{found.error.message}</FormMessage>;
  if (found.data.length === 0)
    return (
      <ConsoleEmpty
        icon="clipboard"
        title={`No case for order ${orderNumber(orderId)}`}
        text="No assessment has this order number. Check the number: it reads like #1042."
      />
    );
  return (
    <>
      <OrderSearchHeading orderId={orderId} />
      <CaseTable
        cases={found.data}
        decided={found.data.every((c) => c.decidedAt !== null)}
        label={`Case of order ${orderNumber(orderId)}`}
        onOpen={(id) => void navigate(casePath(id))}
      />
    </>
  );
}

/**
 * "Find an order" over the review queue: the case found shows above the tabs until "Show all".
 */
export function CaseSearch() {
  const search = useOrderSearch();
  return (
    <>
      <OrderSearch state={search} />
      <OrderSearchResult state={search} found={(orderId) => <FoundCase orderId={orderId} />} />
    </>
  );
}
