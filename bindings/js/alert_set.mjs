/* AlertSet: definitions and campaigns loaded from JSON text. */
import { Alert } from "./alert.mjs";
import {
  ERROR_SIZE, Handle, adopt, check, engine, loadError, readString, requireEngine, requireString, withString, withStrings, writeString,
} from "./engine.mjs";

/** Alert definitions and campaigns loaded from JSON text (docs/formats.md). */
export class AlertSet extends Handle {
  /** Loads and checks `text`; a bad one throws an XYZAlertError with
   * `code` "parse" or "schema", `line`, `column` and `pointer`. */
  static loads(text) {
    const e = requireEngine();
    requireString(text, "text");
    const errorPointer = e.malloc(ERROR_SIZE);
    try {
      const [pointer, length] = writeString(text);
      try {
        const catalog = e.xyz_catalog_load_string(pointer, length, errorPointer);
        if (!catalog) throw loadError(errorPointer);
        return adopt(Object.create(AlertSet.prototype), catalog, "xyz_catalog_free");
      } finally {
        e.free(pointer);
      }
    } finally {
      e.free(errorPointer);
    }
  }

  /** The definitions' ids, in the file's order. */
  get ids() {
    const pointer = this._live();
    const count = engine.xyz_catalog_definition_count(pointer);
    return Array.from({ length: count }, (_, i) => readString(engine.xyz_definition_id(engine.xyz_catalog_definition(pointer, i))));
  }

  /** A new alert made from definition `id`. */
  createAlert(id) {
    requireString(id, "id");
    const pointer = withString(id, (p) => engine.xyz_catalog_create_alert(this._live(), p));
    if (!pointer) check(engine.xyz_last_error ? 5 : 1);
    return Alert._adopt(pointer);
  }
}

