//===- OpTable.cpp - The generated op table and its lookup -----------------===//
//
// OpTable.inc becomes two constant arrays, the sorted keys and each entry's
// raw facts, so that the table costs nothing at startup. A lookup finds the
// key by binary search; the first lookup of an entry parses its schema into
// an OpSchema, kept for the rest of the process.
//
//===----------------------------------------------------------------------===//

#include "ir/schema/OpTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>

using namespace llvm;
using namespace pt2onnx::schema;

namespace {

enum RawFlag : uint8_t {
  cia = 1,
  decomposition = 2,
  default_decomposition = 4,
};

struct RawOp {
  StringLiteral schema;
  uint32_t tags;
  uint8_t flags;
  StringLiteral twin;
  OpOrigin origin;
};

#define TAG(NAME) static_cast<uint32_t>(OpTag::NAME)
#define FLAG(NAME) RawFlag::NAME

constexpr StringLiteral kKeys[] = {
#define OP(KEY, SCHEMA, TAGS, FLAGS, TWIN) KEY,
#define HIGHER_ORDER_OP(KEY) KEY,
#define SYMBOLIC_OP(KEY) KEY,
#include "ir/schema/OpTable.inc"
#undef OP
#undef HIGHER_ORDER_OP
#undef SYMBOLIC_OP
};

constexpr RawOp kOps[] = {
#define OP(KEY, SCHEMA, TAGS, FLAGS, TWIN) {SCHEMA, TAGS, FLAGS, TWIN, OpOrigin::Overload},
#define HIGHER_ORDER_OP(KEY) {"", 0, 0, "", OpOrigin::HigherOrder},
#define SYMBOLIC_OP(KEY) {"", 0, 0, "", OpOrigin::Symbolic},
#include "ir/schema/OpTable.inc"
#undef OP
#undef HIGHER_ORDER_OP
#undef SYMBOLIC_OP
};

#undef TAG
#undef FLAG

constexpr size_t kNumOps = std::size(kKeys);
static_assert(std::size(kOps) == kNumOps);

/// The parsed entries, built at first lookup.
struct ParsedSlot {
  std::once_flag once;
  std::unique_ptr<OpSchema> op;
};
ParsedSlot parsedSlots[kNumOps];

const OpSchema &parsedEntry(size_t index) {
  ParsedSlot &slot = parsedSlots[index];
  std::call_once(slot.once, [&] {
    StringRef key = kKeys[index];
    const RawOp &raw = kOps[index];
    if (raw.origin != OpOrigin::Overload) {
      slot.op = std::make_unique<OpSchema>(OpSchema::withoutSchema(key, raw.origin));
      return;
    }
    // The unit tests parse every entry, so a failure here is a broken table.
    Expected<OpSchema> parsed = OpSchema::parse(key, raw.schema);
    if (!parsed)
      report_fatal_error(parsed.takeError());
    parsed->setTableFacts(raw.tags, raw.flags & cia, raw.flags & decomposition,
                          raw.flags & default_decomposition, raw.twin);
    slot.op = std::make_unique<OpSchema>(std::move(*parsed));
  });
  return *slot.op;
}

/// The position of `key` in the table.
std::optional<size_t> indexOfKey(StringRef key) {
  const StringLiteral *it =
      std::lower_bound(std::begin(kKeys), std::end(kKeys), key,
                       [](StringRef entry, StringRef k) { return entry < k; });
  if (it == std::end(kKeys) || StringRef(*it) != key)
    return std::nullopt;
  return it - std::begin(kKeys);
}

} // namespace

const OpSchema *pt2onnx::schema::lookupOp(StringRef key) {
  std::optional<size_t> index = indexOfKey(key);
  return index ? &parsedEntry(*index) : nullptr;
}

StringRef pt2onnx::schema::findOpKey(StringRef key) {
  std::optional<size_t> index = indexOfKey(key);
  return index ? StringRef(kKeys[*index]) : StringRef();
}

Expected<const OpSchema &> pt2onnx::schema::resolveOp(StringRef key) {
  if (const OpSchema *op = lookupOp(key))
    return *op;
  return createStringError(inconvertibleErrorCode(), unknownOpMessage(key));
}

ArrayRef<StringLiteral> pt2onnx::schema::allOpKeys() { return kKeys; }

SmallVector<StringRef, 3> pt2onnx::schema::suggestOpKeys(StringRef key, unsigned max) {
  SmallVector<StringRef, 3> found;
  // `aten.add.default` most likely meant another overload of aten.add, and
  // `aten.relu` one of aten.relu.
  std::string op =
      key.count('.') == 1 ? (key + ".").str() : key.substr(0, key.rfind('.') + 1).str();
  if (StringRef(op).count('.') == 2)
    for (StringRef candidate : kKeys)
      if (candidate.startswith(op) && found.size() < max)
        found.push_back(candidate);

  // Beyond half the key's length, a "did you mean" names an unrelated op.
  unsigned limit = std::max<unsigned>(key.size() / 2, 2);
  SmallVector<std::pair<unsigned, StringRef>, 8> near;
  for (StringRef candidate : kKeys) {
    unsigned distance = key.edit_distance(candidate, /*AllowReplacements=*/true, limit);
    if (distance <= limit && !is_contained(found, candidate))
      near.emplace_back(distance, candidate);
  }
  llvm::sort(near);
  for (const auto &entry : near) {
    if (found.size() >= max)
      break;
    found.push_back(entry.second);
  }
  return found;
}

std::string pt2onnx::schema::unknownOpMessage(StringRef key) {
  std::string message = ("unknown operator '" + key + "'").str();
  SmallVector<StringRef, 3> suggestions = suggestOpKeys(key);
  for (const auto &[index, s] : enumerate(suggestions)) {
    message += index == 0                        ? "; did you mean '"
               : index + 1 == suggestions.size() ? "' or '"
                                                 : "', '";
    message += s;
  }
  if (!suggestions.empty())
    message += "'?";
  return message;
}

const OpSchema *OpSchema::getFunctionalTwin() const {
  return twinKey.empty() ? nullptr : lookupOp(twinKey);
}
