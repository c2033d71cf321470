CREATE TABLE "customer_name_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"search_text" text NOT NULL,
	"phone_digits" text NOT NULL,
	"account_statuses" text[] NOT NULL,
	"tag_ids" uuid[] NOT NULL,
	"in_order" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- Room on every page (15%) for a row's new version: an update stays on its page, so the name order lasts.
ALTER TABLE "customer_name_search" SET (fillfactor = 85);--> statement-breakpoint
-- The triggers keep one row per customer not removed, whichever path writes customers (the service, the import's
-- bulk insert, refreshCustomerSearch, integration syncs), in the writing transaction. A row keeps `in_order` while its
-- merchant and names stay; new customers and renamed ones wait for `orderNameSearch` (decision 0018).
CREATE FUNCTION customer_name_search_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.removed_at IS NOT NULL THEN
    DELETE FROM customer_name_search WHERE id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO customer_name_search AS s (id, merchant_id, location_id, last_name, first_name, search_text,
    phone_digits, account_statuses, tag_ids)
  VALUES (NEW.id, NEW.merchant_id, NEW.location_id, NEW.last_name, NEW.first_name, NEW.search_text,
    NEW.phone_digits, NEW.account_statuses, NEW.tag_ids)
  ON CONFLICT (id) DO UPDATE SET merchant_id = EXCLUDED.merchant_id, location_id = EXCLUDED.location_id,
    last_name = EXCLUDED.last_name, first_name = EXCLUDED.first_name, search_text = EXCLUDED.search_text,
    phone_digits = EXCLUDED.phone_digits, account_statuses = EXCLUDED.account_statuses, tag_ids = EXCLUDED.tag_ids,
    in_order = s.in_order AND (s.merchant_id, s.last_name, s.first_name)
      = (EXCLUDED.merchant_id, EXCLUDED.last_name, EXCLUDED.first_name);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION customer_name_search_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_name_search WHERE id = OLD.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER customer_name_search_insert AFTER INSERT ON customers
  FOR EACH ROW EXECUTE FUNCTION customer_name_search_write();--> statement-breakpoint
CREATE TRIGGER customer_name_search_update AFTER UPDATE ON customers FOR EACH ROW
  WHEN ((OLD.merchant_id, OLD.location_id, OLD.last_name, OLD.first_name, OLD.search_text, OLD.phone_digits,
    OLD.account_statuses, OLD.tag_ids, OLD.removed_at) IS DISTINCT FROM (NEW.merchant_id, NEW.location_id,
    NEW.last_name, NEW.first_name, NEW.search_text, NEW.phone_digits, NEW.account_statuses, NEW.tag_ids,
    NEW.removed_at))
  EXECUTE FUNCTION customer_name_search_write();--> statement-breakpoint
CREATE TRIGGER customer_name_search_delete AFTER DELETE ON customers
  FOR EACH ROW EXECUTE FUNCTION customer_name_search_delete();--> statement-breakpoint
-- Existing customers, written in name order.
INSERT INTO "customer_name_search" (id, merchant_id, location_id, last_name, first_name, search_text, phone_digits,
  account_statuses, tag_ids, in_order)
SELECT id, merchant_id, location_id, last_name, first_name, search_text, phone_digits, account_statuses, tag_ids, true
FROM customers WHERE removed_at IS NULL ORDER BY merchant_id, last_name, first_name, id;
--> statement-breakpoint
-- The indexes after the rows: built at once, compact, with nothing waiting in a GIN pending list.
CREATE INDEX "customer_name_search_name_idx" ON "customer_name_search" USING btree ("merchant_id","last_name","first_name","id");
--> statement-breakpoint
CREATE INDEX "customer_name_search_trgm_idx" ON "customer_name_search" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=256);
--> statement-breakpoint
CREATE INDEX "customer_name_search_phone_digits_trgm_idx" ON "customer_name_search" USING gin ("phone_digits" gin_trgm_ops) WITH (gin_pending_list_limit=256);
--> statement-breakpoint
CREATE INDEX "customer_name_search_unordered_idx" ON "customer_name_search" USING btree ("merchant_id") WHERE not "customer_name_search"."in_order";
--> statement-breakpoint
-- Its statistics now, so searches are planned on them from the first (autovacuum would take a while).
ANALYZE "customer_name_search";
