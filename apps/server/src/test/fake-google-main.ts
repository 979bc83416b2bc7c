import { startFakeGoogle } from './fake-google.ts';

// `node --import tsx apps/server/src/test/fake-google-main.ts PORT`: the fake for the browser tests.
const fake = await startFakeGoogle(Number(process.argv[2] ?? 0));
process.stdout.write(`fake Google en ${fake.base}\n`);
