/* Numbers as the tool prints them. */

/** A number as C's "%g" writes it: six significant digits, in exponent
 * form when the exponent (after rounding) is below -4 or above 5, without
 * trailing zeros. The tool's traces and messages print seconds so. */
export function formatG(value) {
  if (!Number.isFinite(value)) return value > 0 ? "inf" : value < 0 ? "-inf" : "nan";
  if (value === 0) return Object.is(value, -0) ? "-0" : "0";
  const [mantissa, power] = value.toExponential(5).split("e");
  const exponent = Number(power);
  const trim = (text) => (text.includes(".") ? text.replace(/\.?0+$/, "") : text);
  if (exponent < -4 || exponent >= 6) {
    return `${trim(mantissa)}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  return trim(value.toFixed(5 - exponent));
}
