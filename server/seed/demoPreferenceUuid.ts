/**
 * The unsubscribe id of the demo preference record (the first contact of Northwind Analytics):
 * a fixed, documented uuid, so the demo link http://127.0.0.1:8080/unsub/<uuid> is the same on
 * every machine. Every section of its preference page is filled.
 */
export const DEMO_PREFERENCE_UUID = '5eedc0de-0001-4000-8000-000000000001';
