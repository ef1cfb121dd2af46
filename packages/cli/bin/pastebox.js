#!/usr/bin/env node
// A file in the source tree, so `npm install` links the bin before the first build;
// the program itself is the bundle tsup writes to dist/.
import '../dist/main.js';
