/* evalRule: JsonLogic with flagd's operators, evaluated by the engine. */
import { ERROR_SIZE, engine, loadError, readString, requireEngine, withStrings } from "./engine.mjs";

/** Evaluates a JsonLogic rule (with flagd's operators) over `data`: the
 * result as a JavaScript value. `rule` and `data` are values or JSON text. */
export function evalRule(rule, data = null) {
  const e = requireEngine();
  const text = (value) => (typeof value === "string" ? value : JSON.stringify(value));
  const resultPointer = e.malloc(4);
  const errorPointer = e.malloc(ERROR_SIZE);
  try {
    const status = withStrings([text(rule), data === null ? null : text(data)],
      (r, d) => e.xyz_rule_eval_json(r, d, resultPointer, errorPointer));
    if (status !== 0) throw loadError(errorPointer);
    const result = new DataView(e.memory.buffer).getUint32(resultPointer, true);
    const value = JSON.parse(readString(result));
    e.xyz_free(result);
    return value;
  } finally {
    e.free(resultPointer);
    e.free(errorPointer);
  }
}

