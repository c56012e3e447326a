-- One order number everywhere (issue 26): every item of the view carries its order's number,
-- "#" and at least four digits ("#0042"), a refill or replacement labelled with its count among
-- the order's shipments of that kind ("#0042 (refill 2)", "#0042 (replacement 1)"), as contracts'
-- orderNumber() writes it and fulfilment's 0002_order_numbers.sql renumbered its shipments. The
-- items were built with fulfilment's "GLP-42-3" (and no number before the first shipment); the
-- logged events keep theirs, which the projection reads as these (domain/shipment-number.ts).
update gateway.order_items i
set answer = jsonb_set(i.answer, '{order_number}', to_jsonb(renumbered.order_number))
from (
  select
    item_id,
    '#' || lpad(order_id::text, greatest(4, length(order_id::text)), '0') ||
      case kind
        when 'first' then ''
        else ' (' || case kind when 'refill' then 'refill' else 'replacement' end || ' ' ||
          row_number() over (partition by order_id, kind order by shipment_id) || ')'
      end as order_number
  from gateway.order_items
) renumbered
where i.item_id = renumbered.item_id
  and (i.answer->>'order_number' is null or i.answer->>'order_number' like 'GLP-%');
