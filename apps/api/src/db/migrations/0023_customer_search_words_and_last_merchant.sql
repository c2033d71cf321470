CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_merchant_id" uuid,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_last_merchant_id_merchants_id_fk" FOREIGN KEY ("last_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- How a customers search and the text it matches are normalised, defined once here (and as `normalizeCustomerSearch`
-- in customers.list.ts for the search, which a test checks against this): lower case, commas and runs of white space
-- as one space, no space at either end. Case and white space are Unicode's (ICU's root collation), as in JavaScript,
-- whatever the database's locale: under the embedded server's C locale `lower` alone leaves "Ñ" as it is.
CREATE FUNCTION customer_search_normalize(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN btrim(regexp_replace(lower(value COLLATE "und-x-icu"), '[[:space:],]+', ' ', 'g'));--> statement-breakpoint
-- A customer's `search_text`: first and last name both ways round ("Anderson, Patricia" finds Patricia Anderson),
-- the email, and each account's external id as written and, when it has punctuation or spaces, without them
-- ("dm1003" finds DM-1003). `refreshCustomerSearch` and `insertNewCustomers` write it with this function.
CREATE FUNCTION customer_search_text(first_name text, last_name text, email text, external_ids text[])
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN customer_search_normalize(concat_ws(' ', first_name, last_name, last_name, first_name, email,
    array_to_string(external_ids, ' '),
    array_to_string(array(
      SELECT regexp_replace(x, '[^[:alnum:]]+', '', 'g') FROM unnest(external_ids) WITH ORDINALITY AS e(x, n)
      WHERE x ~ '[^[:alnum:]]' ORDER BY n), ' ')));--> statement-breakpoint
-- Existing customers' search text, as refreshCustomerSearch writes it (the name search copy follows by its trigger).
UPDATE customers c SET search_text = customer_search_text(c.first_name, c.last_name, c.email, array(
  SELECT a.external_id FROM account_customers ac JOIN accounts a ON a.id = ac.account_id
  WHERE ac.customer_id = c.id ORDER BY a.created, a.id));
