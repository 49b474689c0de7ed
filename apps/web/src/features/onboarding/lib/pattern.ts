/** An attribute's pattern as a RegExp; null when absent or not a valid JS expression (the server still checks). */
export function compilePattern(pattern: string | null): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return null;
    }
  }
}
