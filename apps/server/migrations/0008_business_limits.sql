-- Business limits. A notice (instruction) may now be received (delivered) in several lots: each in-storage
-- (outbound) order takes part of what its lines announced, and the server refuses a line above what is left
-- (summed over every order already made from it, under the notice / instruction row lock). The notice stays
-- listed (is_create 0) until nothing is left; the list counts of 0005 follow is_create through their triggers.
ALTER TABLE in_storage_orders DROP CONSTRAINT IF EXISTS in_storage_orders_notice_id_key;
ALTER TABLE outbound_orders DROP CONSTRAINT IF EXISTS outbound_orders_instruction_id_key;
CREATE INDEX in_storage_orders_notice_idx ON in_storage_orders (notice_id);
CREATE INDEX outbound_orders_instruction_idx ON outbound_orders (instruction_id);

-- What each notice / instruction line has already taken, summed per line.
CREATE INDEX in_storage_order_goods_notice_goods_idx ON in_storage_order_goods (notice_goods_id);
CREATE INDEX outbound_order_goods_apply_goods_idx ON outbound_order_goods (apply_goods_id);

-- What a contract's loan applications and settlements already take of its amount.
CREATE INDEX loan_applications_contract_idx ON loan_applications (contract_id);
CREATE INDEX settlements_contract_idx ON settlements (contract_id);
