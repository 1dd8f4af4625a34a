/* TypeScript declarations of xyzalert.mjs (docs/js.md). */
import type { AlertProperties, PageProperties } from "./properties.mjs";
import type {
  ActionStyleWord, CampaignEventWord, EndReasonWord, HideReasonWord, LimitPerWord, OnFullWord, PolitenessWord, StateWord,
  StatusWord, WhyCodeWord,
} from "./enums.mjs";

export * from "./enums.mjs";
export type { AlertProperties, PageProperties } from "./properties.mjs";

/** Loads xyzalert.wasm once: a URL, a file path (Node), bytes or a compiled
 * module; default: the xyzalert.wasm beside xyzalert.mjs. */
export function init(source?: URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module): Promise<void>;

/** The size of the module's memory in bytes (it grows, never shrinks). */
export function memoryBytes(): number;

/** The engine's version ("0.5.0"). */
export function version(): string;

/** An engine call failed: `code` is the status's word; a load's error also
 * has its line, column (1-based), JSON pointer and source. */
export class XYZAlertError extends Error {
  readonly status: number;
  readonly code: StatusWord;
  readonly pointer: string;
  readonly line: number;
  readonly column: number;
  readonly source: string;
}

/** An action of an alert. */
export interface Action {
  id: string;
  title: string;
  style?: ActionStyleWord;
}

/** What every handle has: close() releases it now (again: nothing). */
declare class Handle {
  close(): void;
}

/** One alert: the table's properties, its actions and its life. */
export interface Alert extends AlertProperties {}
export class Alert extends Handle {
  /** A new idle alert with `id` (null: none) and the given properties. */
  constructor(id?: string | null, properties?: Partial<AlertProperties> & { actions?: Action[]; tags?: string[] });
  readonly id: string | null;
  readonly state: StateWord;
  readonly actions: Required<Action>[];
  addAction(action: Action): void;
  readonly campaign: string | null;
  readonly variant: string | null;
  readonly occurrenceCount: number;
  readonly dispatch: Dispatch | null;
  readonly tags: string[];
  addTag(tag: string): void;
  hasTag(tag: string): boolean;
  addDependency(dependency: Alert): void;
  addLimit(count: number, per: LimitPerWord | number): void;
  clearCaps(): void;
  clearActions(): void;
  setReady(): void;
  hold(): void;
  unhold(): void;
  cancel(): void;
  why(): Why;
  setFrame(frame: [number, number, number, number] | null): void;
  dismiss(): void;
  triggerAction(index: number): void;
  explain(): string;
}

/** Why an alert is where it is, as data (docs/rules.md §18). */
export interface Why {
  code: WhyCodeWord;
  cause: Alert | Dispatch | string | null;
  until: number | null;
  endReason: EndReasonWord | null;
  key: string | null;
  rule: string | null;
  sentence: string;
}

/** The display history caps count; `clock()` gives seconds since the epoch. */
export class History extends Handle {
  constructor(clock?: (() => number) | null);
  readonly session: number;
  beginSession(): void;
  setLimit(key: string, count: number, per: LimitPerWord | number): void;
  setCooldown(key: string, seconds: number): void;
  clearCaps(key?: string | null): void;
  save(): string;
  loads(text: string): void;
}

/** Alert definitions and campaigns loaded from JSON text. */
export class AlertSet extends Handle {
  static loads(text: string): AlertSet;
  readonly ids: string[];
  createAlert(id: string): Alert;
  applyCaps(history: History): void;
  pageOf(id: string): string | null;
  afterAlerts(name: string): string[];
  readonly campaignsVersion: string | null;
  readonly campaignIds: string[];
  chooseVariant(campaign: string, userId: string): string | null;
}

/** One event of a trace, as `xyzalert simulate --format json` prints it. */
export type TraceEvent = { step: number; event: string; alert?: string | null } & Record<string, unknown>;

/** A scenario loaded from JSON text (it reads no file). */
export class Scenario {
  static loads(text: string): Scenario;
  readonly pages: { name: string; parent: string | null; active: string | null; capacity: number; durationScale: number;
    gaps: Map<string, number>; order: string; lanes: Map<string, [number, string]> }[];
  readonly steps: ({ kind: string } & Record<string, unknown>)[];
  readonly alerts: AlertSet;
  readonly deferred: boolean;
  close(): void;
}

/** Plays a scenario step by step, tracing every event. */
export class ScenarioPlayer {
  constructor(scenario: Scenario, options?: { observers?: ((page: string) => Partial<Host> | null) | null; record?: boolean });
  readonly events: TraceEvent[];
  readonly clock: number;
  readonly done: boolean;
  dispatch(page: string): Dispatch | null;
  latest(name: string): Alert | null;
  step(): { kind: string } & Record<string, unknown>;
  play(): void;
  recording(): string;
  close(): TraceEvent[];
}

/** The trace of a scenario's JSON text, as `xyzalert simulate --format json` gives it. */
export function runScenario(text: string): TraceEvent[];

/** The host object's callbacks, each optional. An exception one throws is
 * rethrown from the engine call that made it. */
export interface Host {
  show?(alert: Alert, target: string, view: null): void;
  hide?(alert: Alert, reason: HideReasonWord): void;
  unhide?(alert: Alert): void;
  remove?(alert: Alert, reason: EndReasonWord): void;
  finish?(alert: Alert, reason: EndReasonWord): void;
  move?(alert: Alert, dy: number, duration: number): void;
  action?(alert: Alert, index: number, actionId: string | null): void;
  update?(alert: Alert): void;
  announce?(alert: Alert, politeness: PolitenessWord, text: string): void;
  campaign?(root: Dispatch | null, campaign: string, kind: CampaignEventWord, reason: string | null, alert: Alert | null): void;
  requestFlush?(root: Dispatch | null): void;
  now?(): number;
  setTimer?(root: Dispatch | null, delay: number): void;
  utcOffset?(wall: number): number;
}

/** A page: the table's page properties, its alerts and campaigns. */
export interface Dispatch extends PageProperties {}
export class Dispatch extends Handle {
  /** `options.timeZone`: an IANA name that answers utcOffset through Intl
   * when the host has none (default: the platform's time zone). */
  constructor(host?: Host, options?: { timeZone?: string });
  pageDidAppear(): void;
  pageWillDisappear(): void;
  keyboardChanged(frame: [number, number, number, number], duration?: number): void;
  removeAttribute(name: string): void;
  add(alerts: Alert | Alert[]): void;
  flush(): void;
  tick(): void;
  track(event: string, props?: Record<string, unknown> | null): void;
  setAttribute(name: string, value: unknown): void;
  setCampaigns(alertSet: AlertSet | null): void;
  snapshot(): Record<string, unknown>;
  addSet(alertSet: AlertSet): void;
  find(id: string): Alert | null;
  parent: Dispatch | null;
  activeChild: Dispatch | null;
  setLaneLimit(lane: string, visible: number, onFull?: OnFullWord): void;
  setGap(lane: string, seconds: number): void;
  nextDeadline(): number | null;
  suspend(): void;
  resume(): void;
  readonly isSuspended: boolean;
  holdTimers(): void;
  unholdTimers(): void;
  cancelTagged(tag?: string | null): number;
  cancelQueued(tag?: string | null): number;
  setAttributes(attributes: Record<string, unknown>): void;
  readonly attributes: Record<string, unknown>;
  explainCampaign(campaign: string): string;
  startRecording(): void;
  stopRecording(): void;
  recording(): string;
  history: History | null;
}

/** A number as C's "%g" writes it (as the tool's traces print seconds). */
export function formatG(value: number): string;

/** Evaluates a JsonLogic rule (flagd's operators too) over `data`. */
export function evalRule(rule: unknown, data?: unknown): unknown;

/** Seconds east of UTC of `timeZone` (IANA; undefined: the platform's) at
 * `wall` seconds since the epoch. */
export function utcOffsetOf(timeZone: string | undefined, wall: number): number;
