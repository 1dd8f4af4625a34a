/* Getters and setters made from the property tables' rows
 * (properties.mjs): each converts between JavaScript values and the C
 * functions' arguments, with a TypeError naming the property for a value
 * of the wrong type. */
import * as enums from "./enums.mjs";
import { check, engine, readString, withString, withStrings } from "./engine.mjs";

function getter(kind, cGet, enumName) {
  if (kind === "enum") return function () { return enums[enumName][engine[cGet](this._live())]; };
  if (kind === "bool") return function () { return engine[cGet](this._live()) !== 0; };
  if (kind === "json") return function () { const text = readString(engine[cGet](this._live())); return text === null ? null : JSON.parse(text); };
  if (["name", "label", "text"].includes(kind)) return function () { return readString(engine[cGet](this._live())); };
  return function () { return engine[cGet](this._live()); };
}

function setter(name, kind, cSet, enumName) {
  return function (value) {
    const pointer = this._live();
    if (kind === "enum") {
      const index = enums[enumName].indexOf(value);
      if (index < 0) throw new TypeError(`${name} must be one of ${enums[enumName].join(", ")}, got ${value}`);
      return check(engine[cSet](pointer, index));
    }
    if (kind === "bool") {
      if (typeof value !== "boolean") throw new TypeError(`${name} must be a boolean, got ${typeof value}`);
      return check(engine[cSet](pointer, value ? 1 : 0));
    }
    if (["name", "label", "text", "json"].includes(kind)) {
      const nullable = kind === "text" || kind === "json";
      if (value === null && nullable) return check(engine[cSet](pointer, 0));
      const text = kind === "json" ? JSON.stringify(value) : value;
      if (typeof text !== "string") throw new TypeError(`${name} must be a string${nullable ? " or null" : ""}, got ${typeof value}`);
      return check(withString(text, (p) => engine[cSet](pointer, p)));
    }
    if (typeof value !== "number") throw new TypeError(`${name} must be a number, got ${typeof value}`);
    return check(engine[cSet](pointer, value));
  };
}

/** Defines a getter and a setter on `target.prototype` for each row. */
export function installProperties(target, rows) {
  for (const [name, cGet, cSet, kind, enumName] of rows) {
    Object.defineProperty(target.prototype, name, {
      get: getter(kind, cGet, enumName), set: setter(name, kind, cSet, enumName), enumerable: true, configurable: true,
    });
  }
}
