// Swift's answers (vectors.json, written by Tests/QwinkleKitTests/JavaScriptVectorTests.swift) and the web app's
// JavaScript copies of the same rules, for the tests beside this file.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const vectors = JSON.parse(fs.readFileSync(path.join(__dirname, "vectors.json"), "utf8"));
const staticFolder = path.join(__dirname, "..", "..", "Sources", "QwinkleServer", "Web", "Static");

// The browser's files, loaded as the pages load them.
function script(name) {
  return require(path.join(staticFolder, name));
}

module.exports = { vectors, script };
