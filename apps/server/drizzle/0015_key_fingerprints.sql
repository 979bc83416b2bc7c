-- A fingerprint (HMAC made with the key) of TOKEN_SECRET and ENCRYPTION_KEY, written by the first start
-- on the database; later starts with other keys are refused (src/db/key-fingerprints.ts).
CREATE TABLE "key_fingerprints" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
