//===- Printer.cpp - The textual IR: MLIR generic operation syntax --------===//
//
// Printing is two walks over the printed op. The first names every value the
// way MLIR's parser will scope them: a region sees the names of the regions
// around it, so a name already visible there is uniquified (`x_1`) instead of
// redefined, while sibling regions may reuse names. Anonymous values share
// one counter (`%0`, `%1`, ...). The second walk writes the text, one op per
// line, straight into the stream.
//
// Everything printed must read back to the same module (Parser.cpp) and be
// accepted by `mlir-opt --allow-unregistered-dialect`; docs/ir.md is the
// grammar. Where MLIR's syntax cannot say something directly, the choice is
// explained next to the code that makes it.
//
//===----------------------------------------------------------------------===//

#include "ir/Printer.h"
#include "ir/TextScan.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/StringSaver.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>

namespace pt2onnx::ir {

namespace {

bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

/// MLIR's bare-id, `[A-Za-z_][A-Za-z0-9_$.]*`: attribute names, dictionary
/// keys and resource handles that need no quotes.
bool isBareId(llvm::StringRef s) {
  if (s.empty() || !(isLetter(s[0]) || s[0] == '_'))
    return false;
  return llvm::all_of(s.drop_front(), [](char c) {
    return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.';
  });
}

bool isValueNameChar(char c) {
  return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// A name that prints as `%name` unchanged. A leading digit is excluded:
/// MLIR reads `%12` as a number and `%1a` not at all.
bool isPrintableValueName(llvm::StringRef s) {
  return !s.empty() && !isDigit(s[0]) && llvm::all_of(s, isValueNameChar);
}

/// The bytes llvm::printEscapedString escapes: '"', '\\' and all but
/// printable ASCII.
constexpr auto kNeedsEscape = [] {
  std::array<bool, 256> table{};
  for (unsigned c = 0; c != 256; ++c)
    table[c] = c < 0x20 || c >= 0x7F || c == '"' || c == '\\';
  return table;
}();

/// Whether `s` has a byte printQuoted escapes.
bool needsEscape(llvm::StringRef s) {
  using namespace textscan;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w = loadWord(s.data() + i);
    if (hasByteBelowOrHigh(w, 0x20) | hasByte(w, 0x7F) | hasByte(w, '"') | hasByte(w, '\\'))
      return true;
  }
  for (; i != s.size(); ++i)
    if (kNeedsEscape[static_cast<unsigned char>(s[i])])
      return true;
  return false;
}

/// llvm::printEscapedString's escaping (which MLIR's lexer reverses),
/// writing unescaped runs in one piece: provenance strings are long.
void printQuoted(llvm::raw_ostream &os, llvm::StringRef s) {
  using namespace textscan;
  os << '"';
  size_t run = 0;
  for (size_t i = 0, e = s.size(); i != e; ++i) {
    // Skip words without a byte to escape.
    while (i + 8 <= e) {
      uint64_t w = loadWord(s.data() + i);
      if (hasByteBelowOrHigh(w, 0x20) | hasByte(w, 0x7F) | hasByte(w, '"') | hasByte(w, '\\'))
        break;
      i += 8;
    }
    if (i == e)
      break;
    unsigned char c = s[i];
    if (!kNeedsEscape[c])
      continue;
    os.write(s.data() + run, i - run);
    run = i + 1;
    if (c == '\\')
      os << "\\\\";
    else
      os << '\\' << llvm::hexdigit(c >> 4) << llvm::hexdigit(c & 15);
  }
  os.write(s.data() + run, s.size() - run);
  os << '"';
}

/// Attribute names and dictionary keys: bare when MLIR allows it.
void printKey(llvm::raw_ostream &os, llvm::StringRef key) {
  if (isBareId(key))
    os << key;
  else
    printQuoted(os, key);
}

/// The shortest decimal that reads back to the same double, always with a
/// `.` (MLIR lexes `1e5` as an integer followed by an identifier).
/// Non-finite values use MLIR's hexadecimal bit-pattern form.
void printFloat(llvm::raw_ostream &os, double v) {
  if (!std::isfinite(v)) {
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof(bits));
    os << "0x" << llvm::format_hex_no_prefix(bits, 16, /*Upper=*/true);
    return;
  }
  char buf[40];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v);
  (void)ec; // 40 bytes always hold the shortest form of a double.
  llvm::StringRef s(buf, end - buf);
  size_t e = s.find('e');
  if (s.contains('.'))
    os << s;
  else if (e == llvm::StringRef::npos)
    os << s << ".0";
  else
    os << s.take_front(e) << ".0" << s.drop_front(e);
}

void printHex(llvm::raw_ostream &os, llvm::ArrayRef<uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  char chunk[512];
  size_t n = 0;
  for (uint8_t b : bytes) {
    chunk[n++] = kDigits[b >> 4];
    chunk[n++] = kDigits[b & 15];
    if (n == sizeof(chunk)) {
      os.write(chunk, n);
      n = 0;
    }
  }
  os.write(chunk, n);
}

} // namespace

/// Writes a weight name as an MLIR resource handle. Handles must be bare-ids,
/// and torch names often are not (`0.weight` in an nn.Sequential), so other
/// names are escaped reversibly: `_$` followed by the name with every byte
/// outside `[A-Za-z0-9_.]` written as `$XX`. A bare-id is printed as it is
/// only when it has no `$`, so it cannot be mistaken for an escaped name.
/// Parser::parseResourceHandle reverses this.
static void printResourceHandle(llvm::raw_ostream &os, llvm::StringRef name) {
  if (isBareId(name) && !name.contains('$')) {
    os << name;
    return;
  }
  os << "_$";
  for (char c : name) {
    if (isLetter(c) || isDigit(c) || c == '_' || c == '.')
      os << c;
    else
      os << '$' << llvm::format_hex_no_prefix(uint8_t(c), 2, /*Upper=*/true);
  }
}

namespace {

class IRPrinter {
public:
  IRPrinter(llvm::raw_ostream &os, const PrintOptions &options) : os(os), options(options) {}

  /// Names every value defined in `root` and its regions. `printsInOrder`:
  /// the whole of `root` will be printed, so definitions come in the order
  /// they were named.
  void nameAll(const Operation &root, bool printsInOrder) {
    // Sized once for the ops of the graphs (nested regions aside), so that
    // naming a large module does not rehash it again and again.
    size_t numOps = 0;
    for (unsigned r = 0; r != root.getNumRegions(); ++r)
      for (const auto &block : root.getRegion(r).getBlocks())
        for (const Operation &op : *block)
          for (unsigned i = 0; i != op.getNumRegions(); ++i)
            for (const auto &nested : op.getRegion(i).getBlocks())
              numOps += nested->getNumOps();
    visible = VisibleNames(unsigned(std::min<size_t>(numOps + 16, UINT32_MAX / 2)));
    nameOp(root);
    definitionsInOrder = printsInOrder;
  }

  /// `symbols`, when given, is printed as the `ir.symbols` attribute.
  void printOp(const Operation &op, unsigned indent, const SymContext *symbols = nullptr);
  void printResources(const Module &module);

private:
  struct ValueName {
    llvm::StringRef text; // empty: numbered
    unsigned number = 0;
    /// For results of multi-result ops, the `#i` to print after a use.
    int resultNumber = -1;
  };

  void nameOp(const Operation &op);
  void nameValues(const Operation &op, const Value *first, unsigned count);
  void pushScope() { scopeStarts.push_back(definedInScope.size()); }
  void popScope() {
    size_t start = scopeStarts.pop_back_val();
    if (start == 0) {
      visible.clear(); // one sweep instead of an erase per name
    } else {
      for (size_t i = start, e = definedInScope.size(); i != e; ++i)
        visible.erase(definedInScope[i]);
    }
    definedInScope.resize(start);
  }

  /// The special name of `v`, or null when it prints as its own name.
  const ValueName *lookupName(const Value *v, bool isDefinition);
  const ValueName *lookupSpecialName(const Value *v);
  /// `%name` of a value, or of a result group without the `#i` suffix.
  const ValueName *printName(const Value *v, bool isDefinition);
  void printValue(const Value *v, bool isDefinition = false);
  void printType(const Type &type);
  void printRegion(const Region &region, unsigned indent);
  void printAttrDict(const Operation &op, const SymContext *symbols);
  void printSymbols(const SymContext &symbols);
  void printAttribute(const Attribute &attr);
  void printDense(const DenseElements &dense);
  void printProvenance(const Provenance &p);
  /// printQuoted for provenance values, which records share (Provenance.h):
  /// a long value printed a moment ago, the very same bytes, is not escaped
  /// again. The printed module does not change while it is printed, so the
  /// address of a string identifies its text.
  void printSharedQuoted(llvm::StringRef s);

  llvm::raw_ostream &os;
  const PrintOptions &options;

  /// Values that do not print as `%` and their own name (numbered,
  /// sanitized, uniquified, or results of multi-result ops), in the order
  /// they are defined. Printing a definition takes the next entry when it is
  /// the value's: no lookup. Most values of an imported graph are not here.
  std::vector<std::pair<const Value *, ValueName>> namedInOrder;
  size_t nextInOrder = 0;
  bool definitionsInOrder = false;
  /// namedInOrder by value, built on the first use that needs it.
  llvm::DenseMap<const Value *, const ValueName *> specialNames;
  /// The names of recently printed values: most operands were defined a
  /// few lines up, and a map of a million values does not fit in the cache.
  struct RecentName {
    const Value *value = nullptr;
    const ValueName *name = nullptr; // null: the value's own name
  };
  RecentName recentNames[256];
  static unsigned recentSlot(const Value *v) {
    auto bits = reinterpret_cast<uintptr_t>(v);
    return ((bits >> 4) ^ (bits >> 12)) & 255;
  }
  unsigned nextNumber = 0;
  /// The names visible at the current point of the walk.
  using VisibleNames = llvm::StringMap<std::nullopt_t, llvm::BumpPtrAllocator>;
  VisibleNames visible;
  llvm::SmallVector<llvm::StringRef, 64> definedInScope;
  llvm::SmallVector<size_t, 8> scopeStarts;
  llvm::StringMap<unsigned> nextSuffix;
  llvm::BumpPtrAllocator specialAlloc;
  llvm::StringSaver specialTexts{specialAlloc};

  /// The text of recently printed types. Neighbouring ops mostly repeat
  /// types, and printing symbolic shapes is not free.
  struct PrintedType {
    Type type;
    std::string text;
  };
  PrintedType recentTypes[4];
  unsigned nextRecentType = 0;

  struct EscapedString {
    const char *data = nullptr;
    size_t size = 0;
    std::string quoted;
  };
  EscapedString recentStrings[4];
  unsigned nextRecentString = 0;

  /// Weights referenced by the printed ops, for the resource section.
  llvm::StringSet<> referencedWeights;
};

} // namespace

//===----------------------------------------------------------------------===//
// Naming
//===----------------------------------------------------------------------===//

void IRPrinter::nameOp(const Operation &op) {
  // Results are named before the regions, so a nested value never takes the
  // name of the op that encloses it (MLIR would accept that, but it reads
  // badly and this keeps one rule: names are unique along any nesting path).
  if (op.getNumResults() != 0)
    nameValues(op, op.getResult(0), op.getNumResults());
  for (unsigned r = 0, e = op.getNumRegions(); r != e; ++r) {
    pushScope();
    for (const auto &block : op.getRegion(r).getBlocks()) {
      for (const auto &arg : block->getArguments())
        nameValues(op, arg.get(), 1);
      for (const Operation &nested : *block)
        nameOp(nested);
    }
    popScope();
  }
}

/// Names `first` and the `count - 1` results after it, which print as
/// `%name#i`.
void IRPrinter::nameValues(const Operation &op, const Value *first, unsigned count) {
  ValueName name;
  llvm::StringRef raw = first->getName();
  bool special = count != 1;
  if (raw.empty()) {
    // Like MLIR, a group of N results takes N numbers.
    name.number = nextNumber;
    nextNumber += count;
    special = true;
  } else {
    std::string fixed;
    llvm::StringRef base = raw;
    if (!isPrintableValueName(raw)) {
      if (isDigit(raw[0]))
        fixed = "_";
      for (char c : raw)
        fixed += isValueNameChar(c) ? c : '_';
      base = fixed;
      special = true;
    }
    auto [it, inserted] = visible.try_emplace(base, std::nullopt);
    if (!inserted) {
      unsigned &suffix = nextSuffix[base];
      std::string candidate;
      do {
        candidate = (base + "_" + llvm::Twine(++suffix)).str();
        std::tie(it, inserted) = visible.try_emplace(candidate, std::nullopt);
      } while (!inserted);
      special = true;
    }
    definedInScope.push_back(it->getKey());
    if (!special)
      return;
    name.text = specialTexts.save(it->getKey());
  }
  if (count == 1) {
    namedInOrder.emplace_back(first, name);
    return;
  }
  for (unsigned i = 0; i != count; ++i) {
    name.resultNumber = int(i);
    namedInOrder.emplace_back(op.getResult(i), name);
  }
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

const IRPrinter::ValueName *IRPrinter::lookupSpecialName(const Value *v) {
  if (specialNames.empty() && !namedInOrder.empty()) {
    specialNames.reserve(namedInOrder.size());
    for (const auto &[value, name] : namedInOrder)
      specialNames.try_emplace(value, &name);
  }
  return specialNames.lookup(v);
}

const IRPrinter::ValueName *IRPrinter::lookupName(const Value *v, bool isDefinition) {
  if (isDefinition && definitionsInOrder) {
    const ValueName *name = nullptr;
    if (nextInOrder != namedInOrder.size() && namedInOrder[nextInOrder].first == v) {
      // A result group has one entry per result, in order.
      const Operation *def = v->getDefiningOp();
      unsigned count = def ? def->getNumResults() : 1;
      for (unsigned i = 0; i != count; ++i) {
        const auto &[value, resultName] = namedInOrder[nextInOrder++];
        recentNames[recentSlot(value)] = RecentName{value, &resultName};
      }
      name = &namedInOrder[nextInOrder - count].second;
    } else {
      recentNames[recentSlot(v)] = RecentName{v, nullptr};
    }
    return name;
  }
  RecentName &recent = recentNames[recentSlot(v)];
  if (recent.value != v)
    recent = RecentName{v, lookupSpecialName(v)};
  return recent.name;
}

const IRPrinter::ValueName *IRPrinter::printName(const Value *v, bool isDefinition) {
  const ValueName *name = lookupName(v, isDefinition);
  if (!name) {
    if (v->getName().empty()) {
      // Defined outside what is printed (printOperation on a detached op).
      os << "<<UNKNOWN SSA VALUE>>";
      return nullptr;
    }
    os << '%' << v->getName();
    return nullptr;
  }
  os << '%';
  if (name->text.empty())
    os << name->number;
  else
    os << name->text;
  return name;
}

void IRPrinter::printValue(const Value *v, bool isDefinition) {
  if (!v) {
    os << "<<NULL VALUE>>";
    return;
  }
  const ValueName *name = printName(v, isDefinition);
  if (name && name->resultNumber >= 0)
    os << '#' << name->resultNumber;
}

void IRPrinter::printType(const Type &type) {
  for (const PrintedType &recent : recentTypes) {
    if (!recent.text.empty() && recent.type == type) {
      os << recent.text;
      return;
    }
  }
  PrintedType &slot = recentTypes[nextRecentType++ % std::size(recentTypes)];
  slot.type = type;
  slot.text.clear();
  llvm::raw_string_ostream text(slot.text);
  type.print(text);
  os << slot.text;
}

void IRPrinter::printOp(const Operation &op, unsigned indent, const SymContext *symbols) {
  os.indent(indent);
  if (unsigned n = op.getNumResults()) {
    printName(op.getResult(0), /*isDefinition=*/true);
    if (n > 1)
      os << ':' << n;
    os << " = ";
  }
  printQuoted(os, op.getName().getStringRef());
  os << '(';
  for (unsigned i = 0, e = op.getNumOperands(); i != e; ++i) {
    if (i)
      os << ", ";
    printValue(op.getOperand(i));
  }
  os << ')';
  if (unsigned n = op.getNumRegions()) {
    os << " (";
    for (unsigned r = 0; r != n; ++r) {
      if (r)
        os << ", ";
      printRegion(op.getRegion(r), indent);
    }
    os << ')';
  }
  printAttrDict(op, symbols);
  os << " : (";
  for (unsigned i = 0, e = op.getNumOperands(); i != e; ++i) {
    if (i)
      os << ", ";
    if (const Value *v = op.getOperand(i))
      printType(v->getType());
    else
      os << "<<NULL TYPE>>";
  }
  os << ") -> ";
  unsigned numResults = op.getNumResults();
  if (numResults != 1)
    os << '(';
  for (unsigned i = 0; i != numResults; ++i) {
    if (i)
      os << ", ";
    printType(op.getResult(i)->getType());
  }
  if (numResults != 1)
    os << ')';
  if (options.printProvenance && op.getProvenance())
    printProvenance(*op.getProvenance());
  os << '\n';
}

void IRPrinter::printRegion(const Region &region, unsigned indent) {
  os << "{\n";
  unsigned blockNumber = 0;
  for (const auto &block : region.getBlocks()) {
    // An entry block without arguments needs no label, unless it is empty:
    // `{}` alone would read back as a region without blocks.
    if (blockNumber != 0 || block->getNumArguments() != 0 || block->empty()) {
      os.indent(indent) << "^bb" << blockNumber;
      if (block->getNumArguments() != 0) {
        os << '(';
        for (const auto &arg : block->getArguments()) {
          if (arg->getIndex())
            os << ", ";
          printValue(arg.get(), /*isDefinition=*/true);
          os << ": ";
          printType(arg->getType());
        }
        os << ')';
      }
      os << ":\n";
    }
    for (const Operation &op : *block)
      printOp(op, indent + 2);
    ++blockNumber;
  }
  os.indent(indent) << '}';
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kSymbolsAttr = "ir.symbols";

void IRPrinter::printAttrDict(const Operation &op, const SymContext *symbols) {
  llvm::ArrayRef<NamedAttribute> attrs = op.getAttrs();
  bool printSymbolsAttr = symbols && !symbols->getSymbols().empty();
  if (attrs.empty() && !printSymbolsAttr)
    return;
  os << " {";
  bool first = true;
  auto separate = [&] {
    if (!first)
      os << ", ";
    first = false;
  };
  for (const NamedAttribute &attr : attrs) {
    if (symbols && attr.name == kSymbolsAttr)
      continue; // the module's SymContext is the truth; see printSymbols
    if (printSymbolsAttr && attr.name > kSymbolsAttr) {
      separate();
      printSymbols(*symbols);
      printSymbolsAttr = false;
    }
    separate();
    printKey(os, attr.name);
    // MLIR's own spelling of a unit attribute in a dictionary.
    if (attr.value.isUnit())
      continue;
    os << " = ";
    printAttribute(attr.value);
  }
  if (printSymbolsAttr) {
    separate();
    printSymbols(*symbols);
  }
  os << '}';
}

void IRPrinter::printSymbols(const SymContext &symbols) {
  llvm::SmallVector<SymExpr, 8> sorted(symbols.getSymbols().begin(), symbols.getSymbols().end());
  // MLIR sorts dictionaries by plain string order; match it so mlir-opt
  // prints the same order back.
  llvm::sort(sorted, [](SymExpr a, SymExpr b) { return a.getSymbolName() < b.getSymbolName(); });
  os << kSymbolsAttr << " = {";
  for (size_t i = 0; i != sorted.size(); ++i) {
    if (i)
      os << ", ";
    SymRange range = symbols.getSymbolRange(sorted[i]);
    os << sorted[i].getSymbolName() << " = #ir.range<";
    if (range.isLowerUnbounded())
      os << "-oo";
    else
      os << range.lo;
    os << ", ";
    if (range.isUpperUnbounded())
      os << "oo";
    else
      os << range.hi;
    os << '>';
  }
  os << '}';
}

void IRPrinter::printAttribute(const Attribute &attr) {
  switch (attr.getKind()) {
  case Attribute::Kind::Unit:
    os << "unit";
    return;
  case Attribute::Kind::Bool:
    os << (attr.getBool() ? "true" : "false");
    return;
  case Attribute::Kind::Int:
    os << attr.getInt() << " : i64";
    return;
  case Attribute::Kind::Float:
    printFloat(os, attr.getFloat());
    os << " : f64";
    return;
  case Attribute::Kind::String:
    printQuoted(os, attr.getString());
    return;
  case Attribute::Kind::IntList:
    os << "array<i64";
    for (size_t i = 0, e = attr.getIntList().size(); i != e; ++i)
      os << (i ? ", " : ": ") << attr.getIntList()[i];
    os << '>';
    return;
  case Attribute::Kind::FloatList:
    os << "array<f64";
    for (size_t i = 0, e = attr.getFloatList().size(); i != e; ++i) {
      os << (i ? ", " : ": ");
      printFloat(os, attr.getFloatList()[i]);
    }
    os << '>';
    return;
  case Attribute::Kind::StringList:
    os << '[';
    for (size_t i = 0, e = attr.getStringList().size(); i != e; ++i) {
      if (i)
        os << ", ";
      printQuoted(os, attr.getStringList()[i]);
    }
    os << ']';
    return;
  case Attribute::Kind::DType:
    os << getIRName(attr.getDType());
    return;
  case Attribute::Kind::Type:
    printType(attr.getType());
    return;
  case Attribute::Kind::SymExpr:
    os << "#torch.sym<\"";
    if (attr.getSym())
      attr.getSym().print(os);
    os << "\">";
    return;
  case Attribute::Kind::Dense:
    printDense(attr.getDense());
    return;
  case Attribute::Kind::WeightRef:
    referencedWeights.insert(attr.getString());
    os << "dense_resource<";
    printResourceHandle(os, attr.getString());
    os << "> : ";
    printType(attr.getType());
    return;
  case Attribute::Kind::List:
    os << '[';
    for (size_t i = 0, e = attr.getList().size(); i != e; ++i) {
      if (i)
        os << ", ";
      printAttribute(attr.getList()[i]);
    }
    os << ']';
    return;
  }
}

namespace {
/// Reads element `i` of an integral dense literal; unsigned types are
/// zero-extended into the uint64 bit pattern.
int64_t readInteger(const DenseElements &d, size_t i) {
  using namespace llvm::support;
  const uint8_t *p = d.bytes.data() + i * getDTypeSize(d.dtype);
  switch (d.dtype) {
  case DType::Bool:
  case DType::UInt8:
    return *p;
  case DType::Int8:
    return int8_t(*p);
  case DType::Int16:
    return endian::read<int16_t, little, unaligned>(p);
  case DType::UInt16:
    return endian::read<uint16_t, little, unaligned>(p);
  case DType::Int32:
    return endian::read<int32_t, little, unaligned>(p);
  case DType::UInt32:
    return endian::read<uint32_t, little, unaligned>(p);
  default:
    return endian::read<int64_t, little, unaligned>(p);
  }
}
} // namespace

void IRPrinter::printDense(const DenseElements &dense) {
  // Integers and bools print as (nested) decimal lists, which mlir-opt reads
  // for every width and signedness. Floating-point and complex data print as
  // MLIR's raw little-endian hex string, the only exact form for f16, bf16 and
  // float8, and one that also works for the float8 types MLIR 16 lacks.
  // Data whose elements are all equal prints as one element (a splat).
  size_t elemSize = getDTypeSize(dense.dtype);
  size_t numElements = dense.getNumElements();
  if (dense.bytes.size() != numElements * elemSize) {
    // Malformed data: print the bytes there are, which the parser rejects
    // with their count, rather than read past them.
    os << "dense<\"0x";
    printHex(os, dense.bytes);
    os << "\"> : ";
    printType(dense.getType());
    return;
  }
  bool integral = isIntegral(dense.dtype);
  bool isSplat = numElements > 1;
  for (size_t i = 1; isSplat && i < numElements; ++i)
    isSplat = std::memcmp(dense.bytes.data(), dense.bytes.data() + i * elemSize, elemSize) == 0;
  if (integral && dense.dtype == DType::Bool && numElements > 1 && !isSplat) {
    // Any nonzero byte is true; compare truth values, not bytes.
    isSplat = true;
    for (size_t i = 1; isSplat && i < numElements; ++i)
      isSplat = (dense.bytes[i] != 0) == (dense.bytes[0] != 0);
  }

  os << "dense<";
  if (numElements == 0) {
    // `dense<>`: the only form for empty data.
  } else if (!integral) {
    os << "\"0x";
    printHex(os, llvm::ArrayRef<uint8_t>(dense.bytes).take_front(isSplat ? elemSize
                                                                          : numElements * elemSize));
    os << '"';
  } else {
    auto printElement = [&](size_t i) {
      int64_t v = readInteger(dense, i);
      if (dense.dtype == DType::Bool)
        os << (v ? "true" : "false");
      else if (dense.dtype == DType::UInt64)
        os << uint64_t(v);
      else
        os << v;
    };
    if (isSplat || dense.shape.empty()) {
      printElement(0);
    } else {
      // Nested lists, one level per dimension.
      size_t next = 0;
      auto printLevel = [&](auto &self, size_t dim) -> void {
        os << '[';
        for (int64_t i = 0; i != dense.shape[dim]; ++i) {
          if (i)
            os << ", ";
          if (dim + 1 == dense.shape.size())
            printElement(next++);
          else
            self(self, dim + 1);
        }
        os << ']';
      };
      printLevel(printLevel, 0);
    }
  }
  os << "> : ";
  printType(dense.getType());
}

void IRPrinter::printProvenance(const Provenance &p) {
  os << " loc(";
  if (p.fields.empty()) {
    printQuoted(os, p.nodeName);
    os << ')';
    return;
  }
  os << "fused<{";
  for (size_t i = 0; i != p.fields.size(); ++i) {
    if (i)
      os << ", ";
    printKey(os, p.fields[i].first);
    os << " = ";
    printSharedQuoted(p.fields[i].second);
  }
  os << "}>[";
  printQuoted(os, p.nodeName);
  os << "])";
}

void IRPrinter::printSharedQuoted(llvm::StringRef s) {
  // Short strings cost less to escape than to look up.
  if (s.size() < 32) {
    printQuoted(os, s);
    return;
  }
  for (const EscapedString &recent : recentStrings) {
    if (recent.data == s.data() && recent.size == s.size()) {
      os << recent.quoted;
      return;
    }
  }
  // Nothing to escape (a node's own torch_fn, say): nothing worth keeping.
  if (!needsEscape(s)) {
    os << '"' << s << '"';
    return;
  }
  EscapedString &slot = recentStrings[nextRecentString++ % std::size(recentStrings)];
  slot.data = s.data();
  slot.size = s.size();
  slot.quoted.clear();
  llvm::raw_string_ostream quoted(slot.quoted);
  printQuoted(quoted, s);
  quoted.flush();
  os << slot.quoted;
}

//===----------------------------------------------------------------------===//
// Weights
//===----------------------------------------------------------------------===//

void IRPrinter::printResources(const Module &module) {
  bool first = true;
  for (const auto &[name, weight] : module.getWeights()) {
    // Text holds weights by reference: one no op refers to is not printed.
    if (!weight.hasData() || !referencedWeights.contains(name))
      continue;
    if (first)
      os << "{-#\n  dialect_resources: {\n    builtin: {\n";
    else
      os << ",\n";
    first = false;
    os.indent(6);
    printResourceHandle(os, name);
    // MLIR's blob encoding: the alignment as 4 little-endian bytes, then the
    // data.
    uint8_t alignment[4];
    llvm::support::endian::write32le(alignment, getDTypeSize(weight.dtype));
    os << ": \"0x";
    printHex(os, alignment);
    printHex(os, weight.bytes);
    os << '"';
  }
  if (!first)
    os << "\n    }\n  }\n#-}\n";
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

namespace {
/// Gives an unbuffered stream (raw_string_ostream, errs()) a buffer while
/// printing: unbuffered, every token would be a separate write, which
/// doubles the time to print a large module.
class BufferWhilePrinting {
public:
  explicit BufferWhilePrinting(llvm::raw_ostream &os) : os(os), unbuffered(os.GetBufferSize() == 0) {
    if (unbuffered)
      os.SetBufferSize(1 << 16);
  }
  ~BufferWhilePrinting() {
    if (unbuffered)
      os.SetUnbuffered(); // flushes
  }
  BufferWhilePrinting(const BufferWhilePrinting &) = delete;
  BufferWhilePrinting &operator=(const BufferWhilePrinting &) = delete;

private:
  llvm::raw_ostream &os;
  bool unbuffered;
};
} // namespace

void printModule(const Module &module, llvm::raw_ostream &os, const PrintOptions &options) {
  BufferWhilePrinting buffer(os);
  IRPrinter printer(os, options);
  const Operation &root = *module.getOperation();
  printer.nameAll(root, /*printsInOrder=*/true);
  printer.printOp(root, 0, &module.getSymContext());
  if (options.printWeights)
    printer.printResources(module);
}

void printOperation(const Operation &op, llvm::raw_ostream &os, const PrintOptions &options) {
  // Name the values of the whole enclosing tree, so operands defined outside
  // `op` print with the names they have in the module.
  const Operation *root = &op;
  while (const Operation *parent = root->getParentOp())
    root = parent;
  BufferWhilePrinting buffer(os);
  IRPrinter printer(os, options);
  printer.nameAll(*root, /*printsInOrder=*/false);
  printer.printOp(op, 0);
}

} // namespace pt2onnx::ir
