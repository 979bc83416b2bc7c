export { type NewUserRow, type UserRow, users } from './firm.ts';
