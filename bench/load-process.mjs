#!/usr/bin/env node
// One load in a process of its own (autocannon-load.mjs, loadInProcess): two loads that run at once in one
// Node process share its event loop, and one then falls behind its rate because the other keeps the loop
// busy. Reads { base, paths, tokens, options } as JSON on stdin (tokens stay off the
// command line) and writes the result as JSON on stdout. With `options.rate`, the load is paced-load.mjs's.
import { load } from './autocannon-load.mjs';
import { pacedLoad } from './paced-load.mjs';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { base, paths, tokens, options } = JSON.parse(input);
const result = await (options.rate ? pacedLoad : load)(base, paths, tokens, options);
process.stdout.write(JSON.stringify(result));
