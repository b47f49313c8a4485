//===- TextScan.h - Scanning text eight bytes at a time ---------------------===//
//
// The printer and the parser spend their time in long runs of plain string
// characters (stack traces are most of the text). These helpers test eight
// bytes at once for the few characters that end such a run, so the runs are
// skipped a word at a time. Private to the IR's printer and parser.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_TEXTSCAN_H
#define PT2ONNX_IR_TEXTSCAN_H

#include <cstdint>
#include <cstring>

namespace pt2onnx::ir::textscan {

constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t kHighBits = 0x8080808080808080ull;

/// The eight bytes at `p`, in any order (only membership is tested).
inline uint64_t loadWord(const char *p) {
  uint64_t w;
  std::memcpy(&w, p, sizeof(w));
  return w;
}

/// Nonzero when some byte of `w` is `c`.
constexpr uint64_t hasByte(uint64_t w, unsigned char c) {
  uint64_t x = w ^ (kOnes * c);
  return (x - kOnes) & ~x & kHighBits;
}

/// Nonzero when some byte of `w` is below `n` (n <= 128) or is 0x80 or above.
constexpr uint64_t hasByteBelowOrHigh(uint64_t w, unsigned char n) {
  return ((w - kOnes * n) & ~w & kHighBits) | (w & kHighBits);
}

} // namespace pt2onnx::ir::textscan

#endif // PT2ONNX_IR_TEXTSCAN_H
