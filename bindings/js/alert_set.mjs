/* AlertSet: definitions and campaigns loaded from JSON text. */
import { Alert } from "./alert.mjs";
import { History } from "./history.mjs";
import {
  Handle, adopt, check, engine, loadText, readString, requireEngine, requireString, withString, withStrings,
} from "./engine.mjs";

/** Alert definitions and campaigns loaded from JSON text (docs/formats.md). */
export class AlertSet extends Handle {
  /** Loads and checks `text`; a bad one throws an XYZAlertError with
   * `code` "parse" or "schema", `line`, `column` and `pointer`. */
  static loads(text) {
    const e = requireEngine();
    requireString(text, "text");
    const catalog = loadText(text, (p, length, error) => e.xyz_catalog_load_string(p, length, error), (c) => !c);
    return adopt(Object.create(AlertSet.prototype), catalog, "xyz_catalog_free");
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

  /** Sets the file's "caps" on `history`, key by key. */
  applyCaps(history) {
    if (!(history instanceof History)) throw new TypeError("history must be a History");
    check(engine.xyz_catalog_apply_caps(this._live(), history._live()));
  }

  /** The page of the definition `id` (null: none, or no such definition). */
  pageOf(id) {
    requireString(id, "id");
    const definition = withString(id, (p) => engine.xyz_catalog_find(this._live(), p));
    return definition ? readString(engine.xyz_definition_page(definition)) : null;
  }

  /** The definitions whose latest instance the alert called `name` depends
   * on by handle (JSON "after_alerts"). */
  afterAlerts(name) {
    requireString(name, "name");
    const definition = withString(name, (p) => engine.xyz_catalog_find(this._live(), p));
    if (!definition) return [];
    return Array.from({ length: engine.xyz_definition_after_alert_count(definition) },
      (_, i) => readString(engine.xyz_definition_after_alert(definition, i)));
  }

  /** The file's "campaigns_version", or null. */
  get campaignsVersion() { return readString(engine.xyz_catalog_campaigns_version(this._live())); }

  /** The ids of the file's campaigns, in file order. */
  get campaignIds() {
    const pointer = this._live();
    return Array.from({ length: engine.xyz_catalog_campaign_count(pointer) }, (_, i) => readString(engine.xyz_catalog_campaign_id(pointer, i)));
  }

  /** The variant of `campaign` the user `userId` gets (flagd's fractional). */
  chooseVariant(campaign, userId) {
    requireString(campaign, "campaign");
    requireString(userId, "userId");
    return readString(withStrings([campaign, userId], (c, u) => engine.xyz_catalog_choose_variant(this._live(), c, u)));
  }
}
