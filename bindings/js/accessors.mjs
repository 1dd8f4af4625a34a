/* Getters and setters made from the property tables' rows
 * (properties.mjs): each converts between JavaScript values and the C
 * functions' arguments, with a TypeError naming the property for a value
 * of the wrong type. Each is made for its row's kind and keeps the
 * engine's function once it has found it (the engine loads after this
 * module): property accesses are the package's most frequent calls. */
import * as enums from "./enums.mjs";
import { check, engine, readString, withString } from "./engine.mjs";

/** A function calling engine function `name` (a getter's or a setter's:
 * one or two arguments), found on first use. */
function engineFunction(name) {
  let found = null;
  return (pointer, value) => (found ??= engine[name])(pointer, value);
}

function getter(kind, cGet, enumName) {
  const get = engineFunction(cGet);
  switch (kind) {
    case "enum": {
      const words = enums[enumName];
      return function () { return words[get(this._live())]; };
    }
    case "bool": return function () { return get(this._live()) !== 0; };
    case "json": return function () { const text = readString(get(this._live())); return text === null ? null : JSON.parse(text); };
    case "name": case "label": case "text": return function () { return readString(get(this._live())); };
    default: return function () { return get(this._live()); };
  }
}

function setter(name, kind, cSet, enumName) {
  const set = engineFunction(cSet);
  switch (kind) {
    case "enum": {
      const words = enums[enumName];
      return function (value) {
        const pointer = this._live();
        const index = words.indexOf(value);
        if (index < 0) throw new TypeError(`${name} must be one of ${words.join(", ")}, got ${value}`);
        check(set(pointer, index));
      };
    }
    case "bool": return function (value) {
      const pointer = this._live();
      if (typeof value !== "boolean") throw new TypeError(`${name} must be a boolean, got ${typeof value}`);
      check(set(pointer, value ? 1 : 0));
    };
    case "name": case "label": case "text": case "json": {
      const nullable = kind === "text" || kind === "json";
      return function (value) {
        const pointer = this._live();
        if (value === null && nullable) return check(set(pointer, 0));
        const text = kind === "json" ? JSON.stringify(value) : value;
        if (typeof text !== "string") throw new TypeError(`${name} must be a string${nullable ? " or null" : ""}, got ${typeof value}`);
        check(withString(text, (p) => set(pointer, p)));
      };
    }
    default: return function (value) {
      const pointer = this._live();
      if (typeof value !== "number") throw new TypeError(`${name} must be a number, got ${typeof value}`);
      check(set(pointer, value));
    };
  }
}

/** Defines a getter and a setter on `target.prototype` for each row, and
 * returns the setters by name (a constructor's properties go through them). */
export function installProperties(target, rows) {
  const setters = new Map();
  for (const [name, cGet, cSet, kind, enumName] of rows) {
    const set = setter(name, kind, cSet, enumName);
    setters.set(name, set);
    Object.defineProperty(target.prototype, name, { get: getter(kind, cGet, enumName), set, enumerable: true, configurable: true });
  }
  return setters;
}
