ALTER TABLE "customers" ADD COLUMN "list_row" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The customers list's row as far as the customer row alone tells it: the JSON object text of the contract's
-- CustomerListRow without merchant, location and tags (named live by the list) and without its closing brace.
-- A trigger keeps it on every insert and on every update of a column it shows, whichever path writes the row
-- (the service, the import's bulk insert, refreshCustomerSearch, consent changes, integration syncs). Decision 0016.
CREATE FUNCTION customers_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := rtrim(json_build_object(
    'id', NEW.id,
    'first_name', NEW.first_name,
    'last_name', NEW.last_name,
    'email', NEW.email,
    'sms_phone_number', NEW.sms_phone_number,
    'external_id', NEW.primary_external_id,
    'accounts', NEW.list_accounts,
    'text_opt_in', NEW.text_opt_in,
    'email_opt_in', NEW.email_opt_in,
    'created', to_char(NEW.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, '}');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER customers_list_row BEFORE INSERT OR UPDATE OF id, first_name, last_name, email, sms_phone_number,
  primary_external_id, list_accounts, text_opt_in, email_opt_in, created, list_row
  ON customers FOR EACH ROW EXECUTE FUNCTION customers_list_row();--> statement-breakpoint
-- Existing customers: the trigger writes it.
UPDATE "customers" SET "list_row" = '';
