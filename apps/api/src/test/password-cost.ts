import { setPasswordHashCost, TEST_PASSWORD_HASH_COST } from '../lib/password.js';

// Every test file of the API hashes passwords at the least cost argon2id allows (decision 161);
// `lib/password.test.ts` checks the product's own cost. Servers a test starts as processes of
// their own hash at the product's cost, as they do in production.
setPasswordHashCost(TEST_PASSWORD_HASH_COST);
