-- A client account linked as an employee (the November review, docs/decisions/030): its password
-- was chosen under the client rule (6 characters), so until she signs in with one of at least 12
-- (or sets one through the reset email) the account is refused at sign-in.
ALTER TABLE "user" ADD COLUMN "staff_password_required" boolean DEFAULT false NOT NULL;
