-- One order number everywhere (issue 26): a shipment's number is its checkout order's, "#" and at
-- least four digits ("#0042"), and a refill or replacement is labelled with its count among the
-- order's shipments of that kind ("#0042 (refill 2)", "#0042 (replacement 1)"), as contracts'
-- orderNumber() writes it. Shipments were numbered "GLP-42-3" (the order's third shipment) before.
-- The new numbers never collide with the old ones, so renumbering in one statement keeps
-- order_number unique at every row.
update fulfillment.shipments s
set order_number = renumbered.order_number
from (
  select
    id,
    '#' || lpad(order_id::text, greatest(4, length(order_id::text)), '0') ||
      case kind
        when 'first' then ''
        else ' (' || case kind when 'refill' then 'refill' else 'replacement' end || ' ' ||
          row_number() over (partition by order_id, kind order by id) || ')'
      end as order_number
  from fulfillment.shipments
) renumbered
where s.id = renumbered.id;

-- A reship request's items carry the number the patient's page sent (get-shipped-items'
-- external_order_number): the number of the shipment the request is about.
update fulfillment.reships r
set items = (
  select coalesce(jsonb_agg(jsonb_set(item, '{id}', to_jsonb(s.order_number))), '[]'::jsonb)
  from jsonb_array_elements(r.items) item
)
from fulfillment.shipments s
where s.id = r.shipment_id;

-- An order's shipments, for its next number and for staff finding an order by its number.
create index shipments_by_order on fulfillment.shipments (order_id, kind);
