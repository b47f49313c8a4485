//===- Unpickler.cpp - Safe reader for the pickles torch writes -----------===//
//
// Opcode semantics follow CPython's Lib/pickle.py and pickletools.py; which
// globals torch writes, and with which arguments, follows torch/_utils.py
// (`_rebuild_*`), torch/_tensor.py (`__reduce_ex__`) and the persistent ids
// of torch/serialization.py (`_save`).
//
// The machine is CPython's: a value stack, a stack of marks into it and a
// memo. Calling a global is replaced by building the value it would return.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/Unpickler.h"

#include "ir/CheckedArithmetic.h"
#include "ir/Diagnostic.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <unordered_map>

using namespace llvm;
using namespace pt2onnx::pt2;

namespace {

/// Every opcode of protocols 0 to 5, so that an unsupported one can be named.
/// The supported ones are those handled in Unpickler::step.
struct OpcodeName {
  uint8_t code;
  const char *name;
};
constexpr OpcodeName kOpcodeNames[] = {
    {'(', "MARK"},           {'.', "STOP"},
    {'0', "POP"},            {'1', "POP_MARK"},
    {'2', "DUP"},            {'F', "FLOAT"},
    {'I', "INT"},            {'J', "BININT"},
    {'K', "BININT1"},        {'L', "LONG"},
    {'M', "BININT2"},        {'N', "NONE"},
    {'P', "PERSID"},         {'Q', "BINPERSID"},
    {'R', "REDUCE"},         {'S', "STRING"},
    {'T', "BINSTRING"},      {'U', "SHORT_BINSTRING"},
    {'V', "UNICODE"},        {'X', "BINUNICODE"},
    {'a', "APPEND"},         {'b', "BUILD"},
    {'c', "GLOBAL"},         {'d', "DICT"},
    {'}', "EMPTY_DICT"},     {'e', "APPENDS"},
    {'g', "GET"},            {'h', "BINGET"},
    {'i', "INST"},           {'j', "LONG_BINGET"},
    {'l', "LIST"},           {']', "EMPTY_LIST"},
    {'o', "OBJ"},            {'p', "PUT"},
    {'q', "BINPUT"},         {'r', "LONG_BINPUT"},
    {'s', "SETITEM"},        {'t', "TUPLE"},
    {')', "EMPTY_TUPLE"},    {'u', "SETITEMS"},
    {'G', "BINFLOAT"},       {0x80, "PROTO"},
    {0x81, "NEWOBJ"},        {0x82, "EXT1"},
    {0x83, "EXT2"},          {0x84, "EXT4"},
    {0x85, "TUPLE1"},        {0x86, "TUPLE2"},
    {0x87, "TUPLE3"},        {0x88, "NEWTRUE"},
    {0x89, "NEWFALSE"},      {0x8a, "LONG1"},
    {0x8b, "LONG4"},         {'B', "BINBYTES"},
    {'C', "SHORT_BINBYTES"}, {0x8c, "SHORT_BINUNICODE"},
    {0x8d, "BINUNICODE8"},   {0x8e, "BINBYTES8"},
    {0x8f, "EMPTY_SET"},     {0x90, "ADDITEMS"},
    {0x91, "FROZENSET"},     {0x92, "NEWOBJ_EX"},
    {0x93, "STACK_GLOBAL"},  {0x94, "MEMOIZE"},
    {0x95, "FRAME"},         {0x96, "BYTEARRAY8"},
    {0x97, "NEXT_BUFFER"},   {0x98, "READONLY_BUFFER"},
};

std::string describeOpcode(uint8_t code) {
  std::string out;
  raw_string_ostream os(out);
  os << format_hex(code, 4);
  if (isPrint(code))
    os << " '" << char(code) << "'";
  for (const OpcodeName &op : kOpcodeNames)
    if (op.code == code)
      os << " (" << op.name << ")";
  return out;
}

struct DTypeInfo {
  StringLiteral name;
  unsigned size;
};
/// The dtypes a tensor may have, by torch's name.
constexpr DTypeInfo kDTypes[] = {
    {"bool", 1},          {"uint8", 1},           {"int8", 1},
    {"int16", 2},         {"int32", 4},           {"int64", 8},
    {"uint16", 2},        {"uint32", 4},          {"uint64", 8},
    {"float16", 2},       {"bfloat16", 2},        {"float32", 4},
    {"float64", 8},       {"float8_e4m3fn", 1},   {"float8_e4m3fnuz", 1},
    {"float8_e5m2", 1},   {"float8_e5m2fnuz", 1}, {"complex64", 8},
    {"complex128", 16},
};

/// The legacy typed storage classes torch still pickles for the dtypes that
/// have one (torch/storage.py `_dtype_to_storage_type_map`); newer dtypes go
/// through UntypedStorage and `_rebuild_tensor_v3`.
struct StorageClass {
  StringLiteral name;
  StringLiteral dtype;
};
constexpr StorageClass kStorageClasses[] = {
    {"DoubleStorage", "float64"},       {"FloatStorage", "float32"},
    {"HalfStorage", "float16"},         {"BFloat16Storage", "bfloat16"},
    {"LongStorage", "int64"},           {"IntStorage", "int32"},
    {"ShortStorage", "int16"},          {"CharStorage", "int8"},
    {"ByteStorage", "uint8"},           {"BoolStorage", "bool"},
    {"ComplexFloatStorage", "complex64"},
    {"ComplexDoubleStorage", "complex128"},
    {"UntypedStorage", "uint8"},
};

/// What a GLOBAL may name.
enum class GlobalKind {
  RebuildTensor,
  RebuildTensorV2,
  RebuildTensorV3,
  RebuildParameter,
  RebuildParameterWithState,
  RebuildFromTypeV2,
  OrderedDict,
  Size,
  Device,
  TensorClass,
  ParameterClass,
  CodecsEncode,
  Bytes,
  ByteArray,
  Set,
  FrozenSet,
  Storage,
};

struct GlobalInfo {
  GlobalKind kind;
  /// For storage classes: the element dtype.
  StringRef dtype;
};

const StringMap<GlobalInfo> &getAllowedGlobals() {
  static const StringMap<GlobalInfo> globals = [] {
    StringMap<GlobalInfo> table;
    auto add = [&](StringRef name, GlobalKind kind, StringRef dtype = {}) {
      table.try_emplace(name, GlobalInfo{kind, dtype});
    };
    add("torch._utils._rebuild_tensor", GlobalKind::RebuildTensor);
    add("torch._utils._rebuild_tensor_v2", GlobalKind::RebuildTensorV2);
    add("torch._utils._rebuild_tensor_v3", GlobalKind::RebuildTensorV3);
    add("torch._utils._rebuild_parameter", GlobalKind::RebuildParameter);
    add("torch._utils._rebuild_parameter_with_state",
        GlobalKind::RebuildParameterWithState);
    add("torch._tensor._rebuild_from_type_v2", GlobalKind::RebuildFromTypeV2);
    add("collections.OrderedDict", GlobalKind::OrderedDict);
    add("torch.Size", GlobalKind::Size);
    add("torch.device", GlobalKind::Device);
    add("torch.Tensor", GlobalKind::TensorClass);
    add("torch._tensor.Tensor", GlobalKind::TensorClass);
    add("torch.nn.parameter.Parameter", GlobalKind::ParameterClass);
    add("_codecs.encode", GlobalKind::CodecsEncode);
    add("builtins.bytes", GlobalKind::Bytes);
    add("builtins.bytearray", GlobalKind::ByteArray);
    add("builtins.set", GlobalKind::Set);
    add("builtins.frozenset", GlobalKind::FrozenSet);
    for (const StorageClass &storage : kStorageClasses)
      add(("torch." + storage.name).str(), GlobalKind::Storage, storage.dtype);
    // UntypedStorage is defined in torch.storage and re-exported by torch.
    add("torch.storage.UntypedStorage", GlobalKind::Storage, "uint8");
    return table;
  }();
  return globals;
}

/// Python 2 module names that protocol 2 pickles use for Python 3 ones.
StringRef normalizeModule(StringRef module) {
  if (module == "__builtin__")
    return "builtins";
  if (module == "copy_reg")
    return "copyreg";
  return module;
}

/// Decodes the UTF-8 of a str whose code points are all below 256 into those
/// code points: how protocol 2 carries bytes (`_codecs.encode(s, 'latin1')`).
std::optional<std::string> decodeLatin1(StringRef utf8) {
  std::string out;
  out.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size(); ++i) {
    uint8_t lead = utf8[i];
    if (lead < 0x80) {
      out.push_back(char(lead));
      continue;
    }
    if ((lead != 0xc2 && lead != 0xc3) || i + 1 == utf8.size())
      return std::nullopt;
    uint8_t next = utf8[++i];
    if ((next & 0xc0) != 0x80)
      return std::nullopt;
    out.push_back(char(((lead & 0x1f) << 6) | (next & 0x3f)));
  }
  return out;
}

} // namespace

namespace pt2onnx::pt2 {

std::optional<unsigned> getTorchDTypeSize(StringRef name) {
  for (const DTypeInfo &dtype : kDTypes)
    if (dtype.name == name)
      return dtype.size;
  return std::nullopt;
}

int64_t TensorRef::getNumElements() const {
  // The unpickler refuses tensors whose element count overflows.
  return *ir::checkedProduct(sizes);
}

StringRef PickleValue::getKindName(Kind kind) {
  switch (kind) {
  case Kind::None:
    return "None";
  case Kind::Bool:
    return "bool";
  case Kind::Int:
    return "int";
  case Kind::Float:
    return "float";
  case Kind::String:
    return "str";
  case Kind::Bytes:
    return "bytes";
  case Kind::Tuple:
    return "tuple";
  case Kind::List:
    return "list";
  case Kind::Dict:
    return "dict";
  case Kind::Set:
    return "set";
  case Kind::Tensor:
    return "tensor";
  case Kind::Storage:
    return "storage";
  case Kind::DType:
    return "dtype";
  case Kind::Device:
    return "device";
  case Kind::Global:
    return "global";
  }
  llvm_unreachable("unknown kind");
}

ArrayRef<uint8_t> PickleValue::getBytes() const {
  const std::string &bytes = std::get<std::string>(payload);
  return {reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()};
}

ArrayRef<const PickleValue *> PickleValue::getItems() const {
  return std::get<Items>(payload);
}

ArrayRef<PickleValue::DictItem> PickleValue::getDictItems() const {
  return std::get<DictItems>(payload);
}

const PickleValue *PickleValue::lookup(StringRef key) const {
  for (const DictItem &item : getDictItems())
    if (item.first->is(Kind::String) && item.first->getString() == key)
      return item.second;
  return nullptr;
}

/// The unpickling machine. One instance reads one pickle.
class Unpickler {
public:
  Unpickler(ArrayRef<uint8_t> input, StringRef name,
            const UnpickleLimits &limits)
      : input(input), name(name), limits(limits) {}

  Expected<PickleTree> run();

private:
  using Kind = PickleValue::Kind;

  Error fail(const Twine &message) const {
    return ir::makeLocatedError(name, "at byte " + Twine(opOffset), message);
  }

  /// Runs the opcode at `pos`; sets `done` at STOP.
  Error step(bool &done);

  // Input.
  Expected<ArrayRef<uint8_t>> take(uint64_t count);
  Expected<uint64_t> readUInt(unsigned width);
  Expected<StringRef> readLine();
  Expected<int64_t> readLong(uint64_t width);

  // Values and the stack.
  PickleValue *make(Kind kind);
  Error push(PickleValue *value);
  Expected<PickleValue *> pop();
  Expected<PickleValue *> top();
  Expected<SmallVector<PickleValue *, 8>> popToMark();
  /// Records that `item` became part of `container`.
  Error adopt(PickleValue &container, PickleValue &item);
  Error checkGrowable(const PickleValue &container, Kind kind,
                      StringRef opcode);
  Expected<PickleValue *> makeSequence(Kind kind,
                                       ArrayRef<PickleValue *> items);
  /// `dict[key] = value` with Python's semantics: a repeated key keeps its
  /// place and takes the new value.
  Error setItem(PickleValue &dict, PickleValue &key, PickleValue &value);

  // Opcodes that need more than a line.
  Error pushString(Kind kind, uint64_t length);
  Error pushGlobal(StringRef module, StringRef qualifiedName);
  Error persistentLoad();
  Error build();

  // Calling globals.
  Expected<PickleValue *> call(PickleValue &callable, PickleValue &args,
                               bool isNewObj);
  Expected<PickleValue *> rebuildTensor(StringRef function,
                                        ArrayRef<const PickleValue *> args,
                                        bool hasDTypeArgument);
  Expected<PickleValue *> rebuildParameter(StringRef function,
                                           ArrayRef<const PickleValue *> args);
  Expected<SmallVector<int64_t, 4>> readShape(StringRef function,
                                              StringRef what,
                                              const PickleValue &value);
  Error expectKind(StringRef function, unsigned index, StringRef what,
                   const PickleValue &value, Kind kind);

  ArrayRef<uint8_t> input;
  StringRef name;
  UnpickleLimits limits;
  uint64_t pos = 0;
  uint64_t opOffset = 0;

  PickleTree tree;
  std::vector<PickleValue *> stack;
  std::vector<size_t> marks;
  DenseMap<uint64_t, PickleValue *> memo;
  /// Storages already seen, to reject one key with two descriptions.
  StringMap<StorageRef> storages;

  /// Where each key of a dict under construction is, so that repeated keys
  /// are found without scanning. Strings and bytes compare by value (tagged
  /// to keep 'a' and b'a' apart), ints by value, anything else by identity.
  struct DictKeyIndex {
    StringMap<size_t> text;
    std::unordered_map<int64_t, size_t> ints;
    DenseMap<const PickleValue *, size_t> others;
  };
  DenseMap<const PickleValue *, DictKeyIndex> dictKeys;
};

} // namespace pt2onnx::pt2

Expected<ArrayRef<uint8_t>> Unpickler::take(uint64_t count) {
  if (count > input.size() - pos)
    return fail("needs " + Twine(count) + " more bytes, but only " +
                Twine(input.size() - pos) + " remain");
  ArrayRef<uint8_t> bytes = input.slice(pos, count);
  pos += count;
  return bytes;
}

Expected<uint64_t> Unpickler::readUInt(unsigned width) {
  Expected<ArrayRef<uint8_t>> bytes = take(width);
  if (!bytes)
    return bytes.takeError();
  uint64_t value = 0;
  for (unsigned i = 0; i < width; ++i)
    value |= uint64_t((*bytes)[i]) << (8 * i);
  return value;
}

Expected<StringRef> Unpickler::readLine() {
  // Module and class names; anything longer is not a name torch writes.
  constexpr uint64_t kMaxLine = 1024;
  uint64_t end = std::min<uint64_t>(input.size(), pos + kMaxLine);
  for (uint64_t i = pos; i < end; ++i) {
    if (input[i] != '\n')
      continue;
    StringRef line(reinterpret_cast<const char *>(input.data() + pos),
                   i - pos);
    pos = i + 1;
    return line;
  }
  return fail("GLOBAL operand is not a newline-terminated name");
}

Expected<int64_t> Unpickler::readLong(uint64_t width) {
  if (width > 8)
    return fail("integer of " + Twine(width) +
                " bytes does not fit in 64 bits");
  Expected<ArrayRef<uint8_t>> bytes = take(width);
  if (!bytes)
    return bytes.takeError();
  if (width == 0)
    return 0;
  uint64_t value = 0;
  for (uint64_t i = 0; i < width; ++i)
    value |= uint64_t((*bytes)[i]) << (8 * i);
  // Little-endian two's complement of `width` bytes: sign-extend.
  if (width < 8 && ((*bytes)[width - 1] & 0x80))
    value |= ~uint64_t(0) << (8 * width);
  return static_cast<int64_t>(value);
}

PickleValue *Unpickler::make(Kind kind) {
  tree.nodes.push_back(std::unique_ptr<PickleValue>(new PickleValue(kind)));
  return tree.nodes.back().get();
}

Error Unpickler::push(PickleValue *value) {
  if (stack.size() + marks.size() >= limits.maxStackSize)
    return fail("stack exceeds " + Twine(limits.maxStackSize) + " entries");
  stack.push_back(value);
  return Error::success();
}

Expected<PickleValue *> Unpickler::pop() {
  size_t floor = marks.empty() ? 0 : marks.back();
  if (stack.size() <= floor)
    return fail("stack underflow");
  PickleValue *value = stack.back();
  stack.pop_back();
  return value;
}

Expected<PickleValue *> Unpickler::top() {
  size_t floor = marks.empty() ? 0 : marks.back();
  if (stack.size() <= floor)
    return fail("stack underflow");
  return stack.back();
}

Expected<SmallVector<PickleValue *, 8>> Unpickler::popToMark() {
  if (marks.empty())
    return fail("no MARK to pop to");
  size_t mark = marks.back();
  marks.pop_back();
  SmallVector<PickleValue *, 8> items(stack.begin() + mark, stack.end());
  stack.resize(mark);
  return items;
}

Error Unpickler::adopt(PickleValue &container, PickleValue &item) {
  if (&container == &item)
    return fail("a " + PickleValue::getKindName(container.kind) +
                " cannot contain itself");
  item.used = true;
  // A dict that is part of another can no longer grow.
  if (item.is(Kind::Dict))
    dictKeys.erase(&item);
  container.depth = std::max(container.depth, item.depth + 1);
  if (container.depth > limits.maxDepth)
    return fail("values nest deeper than " + Twine(limits.maxDepth) +
                " levels");
  return Error::success();
}

Error Unpickler::checkGrowable(const PickleValue &container, Kind kind,
                               StringRef opcode) {
  if (container.kind != kind)
    return fail(opcode + " needs a " + PickleValue::getKindName(kind) +
                ", not a " + PickleValue::getKindName(container.kind));
  // Growing a container that is already part of another is the only way a
  // pickle can build a cycle; CPython's pickler never does it otherwise.
  if (container.used)
    return fail(opcode + " grows a " + PickleValue::getKindName(kind) +
                " that is already part of another value");
  return Error::success();
}

Expected<PickleValue *> Unpickler::makeSequence(Kind kind,
                                                ArrayRef<PickleValue *> items) {
  PickleValue *value = make(kind);
  PickleValue::Items elements;
  for (PickleValue *item : items) {
    if (Error error = adopt(*value, *item))
      return error;
    elements.push_back(item);
  }
  value->payload = std::move(elements);
  return value;
}

Error Unpickler::setItem(PickleValue &dict, PickleValue &key,
                         PickleValue &value) {
  if (Error error = adopt(dict, key))
    return error;
  if (Error error = adopt(dict, value))
    return error;
  auto &items = std::get<PickleValue::DictItems>(dict.payload);
  DictKeyIndex &index = dictKeys[&dict];
  std::pair<size_t *, bool> slot;
  auto insert = [&](auto &map, auto mapKey) {
    auto [it, inserted] = map.try_emplace(mapKey, items.size());
    return std::make_pair(&it->second, inserted);
  };
  if (key.is(Kind::String) || key.is(Kind::Bytes))
    slot = insert(index.text,
                  ((key.is(Kind::String) ? "s" : "b") + key.getString()).str());
  else if (key.is(Kind::Int))
    slot = insert(index.ints, key.getInt());
  else
    slot = insert(index.others, &key);
  if (slot.second)
    items.emplace_back(&key, &value);
  else
    items[*slot.first].second = &value;
  return Error::success();
}

Error Unpickler::pushString(Kind kind, uint64_t length) {
  Expected<ArrayRef<uint8_t>> bytes = take(length);
  if (!bytes)
    return bytes.takeError();
  PickleValue *value = make(kind);
  value->payload = std::string(bytes->begin(), bytes->end());
  return push(value);
}

Error Unpickler::pushGlobal(StringRef module, StringRef qualifiedName) {
  std::string fullName = (normalizeModule(module) + "." + qualifiedName).str();
  // torch pickles a dtype as the global of its name: `torch.float32`.
  if (module == "torch" && getTorchDTypeSize(qualifiedName)) {
    PickleValue *dtype = make(Kind::DType);
    dtype->payload = qualifiedName.str();
    return push(dtype);
  }
  if (!getAllowedGlobals().count(fullName))
    return fail("global '" + fullName +
                "' is not allowed: only the tensor, storage and container "
                "types torch.save writes are");
  PickleValue *global = make(Kind::Global);
  global->payload = std::move(fullName);
  return push(global);
}

Error Unpickler::persistentLoad() {
  Expected<PickleValue *> id = pop();
  if (!id)
    return id.takeError();
  auto bad = [&](const Twine &why) {
    return fail("persistent id is not a torch storage reference "
                "('storage', type, key, location, numel): " +
                why);
  };
  if (!(*id)->is(Kind::Tuple) || (*id)->getItems().size() != 5)
    return bad("a " + PickleValue::getKindName((*id)->kind));
  ArrayRef<const PickleValue *> fields = (*id)->getItems();
  auto text = [](const PickleValue &value) -> std::optional<StringRef> {
    // Python 2 era files carry these as byte strings.
    if (value.is(Kind::String) || value.is(Kind::Bytes))
      return value.getString();
    return std::nullopt;
  };
  std::optional<StringRef> tag = text(*fields[0]);
  if (!tag || *tag != "storage")
    return bad("its first field is not 'storage'");
  if (!fields[1]->is(Kind::Global) ||
      getAllowedGlobals().lookup(fields[1]->getString()).kind !=
          GlobalKind::Storage)
    return bad("its type is not a storage class");
  std::optional<StringRef> key = text(*fields[2]);
  std::optional<StringRef> location = text(*fields[3]);
  if (!key || !location)
    return bad("key and location must be strings");
  if (!fields[4]->is(Kind::Int) || fields[4]->getInt() < 0)
    return bad("numel must be a non-negative int");

  StorageRef storage;
  storage.key = key->str();
  storage.location = location->str();
  storage.dtype = getAllowedGlobals().lookup(fields[1]->getString()).dtype.str();
  storage.numel = static_cast<uint64_t>(fields[4]->getInt());
  unsigned elementSize = *getTorchDTypeSize(storage.dtype);
  std::optional<int64_t> numBytes =
      ir::checkedMul(fields[4]->getInt(), int64_t(elementSize));
  if (!numBytes)
    return bad("numel overflows");
  storage.numBytes = uint64_t(*numBytes);

  auto [it, inserted] = storages.try_emplace(storage.key, storage);
  if (!inserted && (it->second.dtype != storage.dtype ||
                    it->second.numel != storage.numel))
    return fail("storage '" + storage.key +
                "' is referenced with two different types or sizes");

  PickleValue *value = make(Kind::Storage);
  value->payload = std::make_unique<StorageRef>(std::move(storage));
  return push(value);
}

Error Unpickler::build() {
  Expected<PickleValue *> state = pop();
  if (!state)
    return state.takeError();
  Expected<PickleValue *> target = top();
  if (!target)
    return target.takeError();
  // torch's weights-only loader allows BUILD on the same types. The state
  // is Python attributes: `_metadata` of a state dict, attributes set on a
  // tensor. None of it changes a tensor's values, so it is dropped.
  if (!(*target)->is(Kind::Dict) && !(*target)->is(Kind::Tensor))
    return fail("BUILD on a " + PickleValue::getKindName((*target)->kind) +
                " is not supported");
  (*state)->used = true;
  return Error::success();
}

Error Unpickler::expectKind(StringRef function, unsigned index, StringRef what,
                            const PickleValue &value, Kind kind) {
  if (value.kind == kind)
    return Error::success();
  return fail(function + ": argument " + Twine(index) + " (" + what +
              ") is a " + PickleValue::getKindName(value.kind) +
              ", expected a " + PickleValue::getKindName(kind));
}

Expected<SmallVector<int64_t, 4>>
Unpickler::readShape(StringRef function, StringRef what,
                     const PickleValue &value) {
  if (!value.is(Kind::Tuple) && !value.is(Kind::List))
    return fail(function + ": " + what + " is a " +
                PickleValue::getKindName(value.kind) + ", expected a tuple");
  SmallVector<int64_t, 4> shape;
  for (const PickleValue *item : value.getItems()) {
    if (!item->is(Kind::Int) || item->getInt() < 0)
      return fail(function + ": " + what +
                  " must hold non-negative ints");
    shape.push_back(item->getInt());
  }
  return shape;
}

Expected<PickleValue *>
Unpickler::rebuildTensor(StringRef function, ArrayRef<const PickleValue *> args,
                         bool hasDTypeArgument) {
  const PickleValue &storageValue = *args[0];
  if (Error error = expectKind(function, 1, "storage", storageValue,
                               Kind::Storage))
    return error;
  if (Error error = expectKind(function, 2, "storage_offset", *args[1],
                               Kind::Int))
    return error;
  Expected<SmallVector<int64_t, 4>> sizes = readShape(function, "size", *args[2]);
  if (!sizes)
    return sizes.takeError();
  Expected<SmallVector<int64_t, 4>> strides =
      readShape(function, "stride", *args[3]);
  if (!strides)
    return strides.takeError();
  if (sizes->size() != strides->size())
    return fail(function + ": size has " + Twine(sizes->size()) +
                " dims but stride has " + Twine(strides->size()));

  TensorRef tensor;
  tensor.storage = storageValue.getStorage();
  tensor.dtype = tensor.storage.dtype;
  if (hasDTypeArgument) {
    if (Error error = expectKind(function, 7, "dtype", *args[6], Kind::DType))
      return error;
    tensor.dtype = args[6]->getString().str();
  }
  tensor.elementSize = *getTorchDTypeSize(tensor.dtype);
  tensor.sizes = std::move(*sizes);
  tensor.strides = std::move(*strides);
  tensor.storageOffset = args[1]->getInt();
  if (tensor.storageOffset < 0)
    return fail(function + ": negative storage_offset");

  // Every addressed element must lie inside the storage; with no elements
  // nothing is addressed.
  std::optional<int64_t> numElements = ir::checkedProduct(tensor.sizes);
  std::optional<int64_t> extent = ir::checkedViewExtent(
      tensor.sizes, tensor.strides, tensor.storageOffset);
  std::optional<int64_t> endByte =
      extent ? ir::checkedMul(*extent, int64_t(tensor.elementSize))
             : std::nullopt;
  if (!numElements || !endByte)
    return fail(function + ": tensor size overflows");
  if (uint64_t(*endByte) > tensor.storage.numBytes)
    return fail(function + ": tensor reaches byte " + Twine(*endByte) +
                " of storage '" + tensor.storage.key + "', which has " +
                Twine(tensor.storage.numBytes) + " bytes");

  if (function != "_rebuild_tensor") {
    if (Error error = expectKind(function, 5, "requires_grad", *args[4],
                                 Kind::Bool))
      return error;
    tensor.requiresGrad = args[4]->getBool();
    // backward_hooks: torch writes an empty OrderedDict and never restores
    // hooks from a file.
    if (Error error = expectKind(function, 6, "backward_hooks", *args[5],
                                 Kind::Dict))
      return error;
    size_t metadataIndex = hasDTypeArgument ? 7 : 6;
    if (args.size() > metadataIndex) {
      const PickleValue &metadata = *args[metadataIndex];
      if (!metadata.is(Kind::None)) {
        if (Error error = expectKind(function, metadataIndex + 1, "metadata",
                                     metadata, Kind::Dict))
          return error;
        // The metadata carries the conjugate and negative view bits, which
        // change what the bytes mean.
        for (const PickleValue::DictItem &item : metadata.getDictItems())
          if (item.second->is(Kind::Bool) && item.second->getBool())
            return fail(function + ": tensor metadata sets '" +
                        (item.first->is(Kind::String)
                             ? item.first->getString()
                             : StringRef("?")) +
                        "', which is not supported");
      }
    }
  }

  PickleValue *value = make(Kind::Tensor);
  value->payload = std::make_unique<TensorRef>(std::move(tensor));
  tree.tensors.push_back(value);
  return value;
}

Expected<PickleValue *>
Unpickler::rebuildParameter(StringRef function,
                            ArrayRef<const PickleValue *> args) {
  if (Error error = expectKind(function, 1, "data", *args[0], Kind::Tensor))
    return error;
  if (Error error = expectKind(function, 2, "requires_grad", *args[1],
                               Kind::Bool))
    return error;
  TensorRef tensor = args[0]->getTensor();
  tensor.requiresGrad = args[1]->getBool();
  tensor.isParameter = true;
  PickleValue *value = make(Kind::Tensor);
  value->payload = std::make_unique<TensorRef>(std::move(tensor));
  tree.tensors.push_back(value);
  return value;
}

Expected<PickleValue *> Unpickler::call(PickleValue &callable,
                                        PickleValue &args, bool isNewObj) {
  StringRef opcode = isNewObj ? "NEWOBJ" : "REDUCE";
  if (!callable.is(Kind::Global))
    return fail(opcode + " calls a " + PickleValue::getKindName(callable.kind) +
                ", which is not callable");
  if (!args.is(Kind::Tuple))
    return fail(opcode + " arguments are a " +
                PickleValue::getKindName(args.kind) + ", not a tuple");
  StringRef fullName = callable.getString();
  StringRef function = fullName.rsplit('.').second;
  GlobalKind kind = getAllowedGlobals().lookup(fullName).kind;
  ArrayRef<PickleValue *> argv = std::get<PickleValue::Items>(args.payload);
  callable.used = args.used = true;
  auto arity = [&](size_t min, size_t max) -> Error {
    if (argv.size() >= min && argv.size() <= max)
      return Error::success();
    return fail(fullName + " takes " +
                (min == max ? Twine(min) : Twine(min) + " to " + Twine(max)) +
                " arguments, got " + Twine(argv.size()));
  };
  auto stringArgument = [&](size_t index) -> std::optional<StringRef> {
    if (index < argv.size() && argv[index]->is(Kind::String))
      return argv[index]->getString();
    return std::nullopt;
  };

  bool isClass = kind == GlobalKind::OrderedDict || kind == GlobalKind::Size ||
                 kind == GlobalKind::Device || kind == GlobalKind::Bytes ||
                 kind == GlobalKind::ByteArray || kind == GlobalKind::Set ||
                 kind == GlobalKind::FrozenSet;
  if (isNewObj && !isClass)
    return fail("NEWOBJ on '" + fullName + "', which is not a supported class");

  switch (kind) {
  case GlobalKind::RebuildTensor:
    if (Error error = arity(4, 4))
      return error;
    return rebuildTensor(function, argv, /*hasDTypeArgument=*/false);
  case GlobalKind::RebuildTensorV2:
    if (Error error = arity(6, 7))
      return error;
    return rebuildTensor(function, argv, /*hasDTypeArgument=*/false);
  case GlobalKind::RebuildTensorV3:
    if (Error error = arity(7, 8))
      return error;
    return rebuildTensor(function, argv, /*hasDTypeArgument=*/true);
  case GlobalKind::RebuildParameter:
    if (Error error = arity(3, 3))
      return error;
    return rebuildParameter(function, argv);
  case GlobalKind::RebuildParameterWithState:
    if (Error error = arity(4, 4))
      return error;
    return rebuildParameter(function, argv);
  case GlobalKind::RebuildFromTypeV2: {
    // (func, type, args, state): a tensor whose Python object had
    // attributes. Only plain tensors and parameters are supported; the
    // attributes are dropped as in BUILD.
    if (Error error = arity(4, 4))
      return error;
    const PickleValue &type = *argv[1];
    GlobalKind typeKind = type.is(Kind::Global)
                              ? getAllowedGlobals().lookup(type.getString()).kind
                              : GlobalKind::Storage;
    if (typeKind != GlobalKind::TensorClass &&
        typeKind != GlobalKind::ParameterClass)
      return fail(function + ": tensor type must be torch.Tensor or "
                             "torch.nn.Parameter");
    if (!argv[0]->is(Kind::Global) || !argv[2]->is(Kind::Tuple))
      return fail(function + ": expects a rebuild function and its "
                             "argument tuple");
    Expected<PickleValue *> result =
        call(*argv[0], *argv[2], /*isNewObj=*/false);
    if (!result)
      return result.takeError();
    if (!(*result)->is(Kind::Tensor))
      return fail(function + ": rebuild function did not build a tensor");
    if (typeKind == GlobalKind::ParameterClass)
      std::get<std::unique_ptr<TensorRef>>((*result)->payload)->isParameter =
          true;
    return *result;
  }
  case GlobalKind::OrderedDict: {
    if (Error error = arity(0, 1))
      return error;
    PickleValue *dict = make(Kind::Dict);
    dict->payload = PickleValue::DictItems();
    if (argv.empty())
      return dict;
    const PickleValue &pairs = *argv[0];
    if (!pairs.is(Kind::List) && !pairs.is(Kind::Tuple))
      return fail(fullName + " expects a list of (key, value) pairs");
    for (PickleValue *pair : std::get<PickleValue::Items>(pairs.payload)) {
      if (!pair->is(Kind::Tuple) || pair->getItems().size() != 2)
        return fail(fullName + " expects a list of (key, value) pairs");
      ArrayRef<PickleValue *> keyAndValue =
          std::get<PickleValue::Items>(pair->payload);
      if (Error error = setItem(*dict, *keyAndValue[0], *keyAndValue[1]))
        return error;
    }
    return dict;
  }
  case GlobalKind::Size: {
    if (Error error = arity(1, 1))
      return error;
    Expected<SmallVector<int64_t, 4>> dims = readShape(fullName, "size",
                                                       *argv[0]);
    if (!dims)
      return dims.takeError();
    return makeSequence(Kind::Tuple,
                        std::get<PickleValue::Items>(argv[0]->payload));
  }
  case GlobalKind::Device: {
    if (Error error = arity(1, 2))
      return error;
    std::optional<StringRef> type = stringArgument(0);
    if (!type)
      return fail(fullName + " expects a device string");
    std::string device = type->str();
    if (argv.size() == 2 && !argv[1]->is(Kind::None)) {
      if (!argv[1]->is(Kind::Int))
        return fail(fullName + " expects an int device index");
      device += ":" + std::to_string(argv[1]->getInt());
    }
    PickleValue *value = make(Kind::Device);
    value->payload = std::move(device);
    return value;
  }
  case GlobalKind::CodecsEncode:
  case GlobalKind::Bytes:
  case GlobalKind::ByteArray: {
    if (Error error = arity(0, 2))
      return error;
    PickleValue *value = make(Kind::Bytes);
    if (argv.empty()) {
      value->payload = std::string();
      return value;
    }
    if (argv.size() == 1 && argv[0]->is(Kind::Bytes) &&
        kind != GlobalKind::CodecsEncode) {
      value->payload = argv[0]->getString().str();
      return value;
    }
    // Protocol 2 spells bytes as the str of the same code points plus the
    // codec that maps them back.
    std::optional<StringRef> text = stringArgument(0);
    std::optional<StringRef> codec = stringArgument(1);
    if (!text || !codec || (*codec != "latin1" && *codec != "latin-1"))
      return fail(fullName + " is only supported as (str, 'latin1')");
    std::optional<std::string> bytes = decodeLatin1(*text);
    if (!bytes)
      return fail(fullName + ": string has characters beyond latin-1");
    value->payload = std::move(*bytes);
    return value;
  }
  case GlobalKind::Set:
  case GlobalKind::FrozenSet: {
    if (Error error = arity(0, 1))
      return error;
    if (argv.empty())
      return makeSequence(Kind::Set, {});
    if (!argv[0]->is(Kind::List) && !argv[0]->is(Kind::Tuple))
      return fail(fullName + " expects a list");
    return makeSequence(Kind::Set,
                        std::get<PickleValue::Items>(argv[0]->payload));
  }
  case GlobalKind::TensorClass:
  case GlobalKind::ParameterClass:
  case GlobalKind::Storage:
    break;
  }
  return fail("'" + fullName + "' cannot be called");
}

Error Unpickler::step(bool &done) {
  opOffset = pos;
  if (pos >= input.size())
    return fail("pickle ends without STOP");
  uint8_t opcode = input[pos++];

  auto pushValue = [&](Kind kind, auto payload) {
    PickleValue *value = make(kind);
    value->payload = std::move(payload);
    return push(value);
  };

  switch (opcode) {
  case 0x80: { // PROTO
    Expected<uint64_t> version = readUInt(1);
    if (!version)
      return version.takeError();
    if (*version > 5)
      return fail("unsupported pickle protocol " + Twine(*version));
    return Error::success();
  }
  case 0x95: { // FRAME: a length prefix only; framing is transparent.
    Expected<uint64_t> length = readUInt(8);
    if (!length)
      return length.takeError();
    if (*length > input.size() - pos)
      return fail("frame of " + Twine(*length) + " bytes, but only " +
                  Twine(input.size() - pos) + " remain");
    return Error::success();
  }
  case '.': { // STOP
    if (stack.size() != 1 || !marks.empty())
      return fail("STOP with " + Twine(stack.size()) + " values and " +
                  Twine(marks.size()) + " marks on the stack, expected one "
                                        "value");
    tree.root = stack.back();
    done = true;
    return Error::success();
  }
  case '(': // MARK
    if (stack.size() + marks.size() >= limits.maxStackSize)
      return fail("stack exceeds " + Twine(limits.maxStackSize) + " entries");
    marks.push_back(stack.size());
    return Error::success();
  case '0': { // POP
    if (!marks.empty() && stack.size() == marks.back()) {
      marks.pop_back();
      return Error::success();
    }
    return pop().takeError();
  }
  case '1': // POP_MARK
    return popToMark().takeError();
  case '2': { // DUP
    Expected<PickleValue *> value = top();
    if (!value)
      return value.takeError();
    return push(*value);
  }

  case 'N': // NONE
    return push(make(Kind::None));
  case 0x88: // NEWTRUE
    return pushValue(Kind::Bool, true);
  case 0x89: // NEWFALSE
    return pushValue(Kind::Bool, false);
  case 'J': { // BININT
    Expected<uint64_t> value = readUInt(4);
    if (!value)
      return value.takeError();
    return pushValue(Kind::Int, int64_t(int32_t(uint32_t(*value))));
  }
  case 'K':   // BININT1
  case 'M': { // BININT2
    Expected<uint64_t> value = readUInt(opcode == 'K' ? 1 : 2);
    if (!value)
      return value.takeError();
    return pushValue(Kind::Int, int64_t(*value));
  }
  case 0x8a:   // LONG1
  case 0x8b: { // LONG4
    Expected<uint64_t> width = readUInt(opcode == 0x8a ? 1 : 4);
    if (!width)
      return width.takeError();
    if (opcode == 0x8b && int32_t(uint32_t(*width)) < 0)
      return fail("LONG4 with negative length");
    Expected<int64_t> value = readLong(*width);
    if (!value)
      return value.takeError();
    return pushValue(Kind::Int, *value);
  }
  case 'G': { // BINFLOAT, big-endian
    Expected<ArrayRef<uint8_t>> bytes = take(8);
    if (!bytes)
      return bytes.takeError();
    uint64_t bits = support::endian::read64be(bytes->data());
    return pushValue(Kind::Float, llvm::bit_cast<double>(bits));
  }

  case 'X':    // BINUNICODE
  case 0x8c:   // SHORT_BINUNICODE
  case 0x8d:   // BINUNICODE8
  case 'U':    // SHORT_BINSTRING (a Python 2 str; torch decodes it as text)
  case 'B':    // BINBYTES
  case 'C':    // SHORT_BINBYTES
  case 0x8e:   // BINBYTES8
  case 0x96: { // BYTEARRAY8
    unsigned width = opcode == 0x8c || opcode == 'U' || opcode == 'C' ? 1
                     : opcode == 'X' || opcode == 'B'                 ? 4
                                                                      : 8;
    Expected<uint64_t> length = readUInt(width);
    if (!length)
      return length.takeError();
    bool isText = opcode == 'X' || opcode == 0x8c || opcode == 0x8d ||
                  opcode == 'U';
    return pushString(isText ? Kind::String : Kind::Bytes, *length);
  }
  case 'T': { // BINSTRING: a signed length
    Expected<uint64_t> length = readUInt(4);
    if (!length)
      return length.takeError();
    if (int32_t(uint32_t(*length)) < 0)
      return fail("BINSTRING with negative length");
    return pushString(Kind::String, *length);
  }

  case ')': // EMPTY_TUPLE
  case 't': // TUPLE
  case 0x85:
  case 0x86:
  case 0x87: { // TUPLE1..3
    SmallVector<PickleValue *, 8> items;
    if (opcode == 't') {
      Expected<SmallVector<PickleValue *, 8>> marked = popToMark();
      if (!marked)
        return marked.takeError();
      items = std::move(*marked);
    } else if (opcode != ')') {
      unsigned count = opcode - 0x85 + 1;
      items.resize(count);
      for (unsigned i = count; i-- > 0;) {
        Expected<PickleValue *> item = pop();
        if (!item)
          return item.takeError();
        items[i] = *item;
      }
    }
    Expected<PickleValue *> tuple = makeSequence(Kind::Tuple, items);
    if (!tuple)
      return tuple.takeError();
    return push(*tuple);
  }
  case ']': // EMPTY_LIST
    return pushValue(Kind::List, PickleValue::Items());
  case '}': // EMPTY_DICT
    return pushValue(Kind::Dict, PickleValue::DictItems());
  case 0x8f: // EMPTY_SET
    return pushValue(Kind::Set, PickleValue::Items());
  case 0x91: { // FROZENSET
    Expected<SmallVector<PickleValue *, 8>> items = popToMark();
    if (!items)
      return items.takeError();
    Expected<PickleValue *> set = makeSequence(Kind::Set, *items);
    if (!set)
      return set.takeError();
    return push(*set);
  }
  case 'a':    // APPEND
  case 'e':    // APPENDS
  case 0x90: { // ADDITEMS
    SmallVector<PickleValue *, 8> items;
    if (opcode == 'a') {
      Expected<PickleValue *> item = pop();
      if (!item)
        return item.takeError();
      items.push_back(*item);
    } else {
      Expected<SmallVector<PickleValue *, 8>> marked = popToMark();
      if (!marked)
        return marked.takeError();
      items = std::move(*marked);
    }
    Expected<PickleValue *> container = top();
    if (!container)
      return container.takeError();
    Kind kind = opcode == 0x90 ? Kind::Set : Kind::List;
    StringRef opName = opcode == 'a'   ? "APPEND"
                       : opcode == 'e' ? "APPENDS"
                                       : "ADDITEMS";
    if (Error error = checkGrowable(**container, kind, opName))
      return error;
    for (PickleValue *item : items) {
      if (Error error = adopt(**container, *item))
        return error;
      std::get<PickleValue::Items>((*container)->payload).push_back(item);
    }
    return Error::success();
  }
  case 's':   // SETITEM
  case 'u': { // SETITEMS
    SmallVector<PickleValue *, 8> items;
    if (opcode == 's') {
      items.resize(2);
      for (unsigned i = 2; i-- > 0;) {
        Expected<PickleValue *> item = pop();
        if (!item)
          return item.takeError();
        items[i] = *item;
      }
    } else {
      Expected<SmallVector<PickleValue *, 8>> marked = popToMark();
      if (!marked)
        return marked.takeError();
      items = std::move(*marked);
      if (items.size() % 2 != 0)
        return fail("SETITEMS with an odd number of values");
    }
    Expected<PickleValue *> dict = top();
    if (!dict)
      return dict.takeError();
    if (Error error = checkGrowable(**dict, Kind::Dict,
                                    opcode == 's' ? "SETITEM" : "SETITEMS"))
      return error;
    for (size_t i = 0; i < items.size(); i += 2)
      if (Error error = setItem(**dict, *items[i], *items[i + 1]))
        return error;
    return Error::success();
  }

  case 'c': { // GLOBAL
    Expected<StringRef> module = readLine();
    if (!module)
      return module.takeError();
    Expected<StringRef> qualifiedName = readLine();
    if (!qualifiedName)
      return qualifiedName.takeError();
    return pushGlobal(*module, *qualifiedName);
  }
  case 0x93: { // STACK_GLOBAL
    Expected<PickleValue *> qualifiedName = pop();
    if (!qualifiedName)
      return qualifiedName.takeError();
    Expected<PickleValue *> module = pop();
    if (!module)
      return module.takeError();
    if (!(*module)->is(Kind::String) || !(*qualifiedName)->is(Kind::String))
      return fail("STACK_GLOBAL needs two strings");
    return pushGlobal((*module)->getString(), (*qualifiedName)->getString());
  }
  case 'R':    // REDUCE
  case 0x81: { // NEWOBJ
    Expected<PickleValue *> args = pop();
    if (!args)
      return args.takeError();
    Expected<PickleValue *> callable = pop();
    if (!callable)
      return callable.takeError();
    Expected<PickleValue *> result = call(**callable, **args, opcode == 0x81);
    if (!result)
      return result.takeError();
    return push(*result);
  }
  case 'b': // BUILD
    return build();
  case 'Q': // BINPERSID
    return persistentLoad();

  case 'h':   // BINGET
  case 'j': { // LONG_BINGET
    Expected<uint64_t> index = readUInt(opcode == 'h' ? 1 : 4);
    if (!index)
      return index.takeError();
    auto it = memo.find(*index);
    if (it == memo.end())
      return fail("memo has no entry " + Twine(*index));
    return push(it->second);
  }
  case 'q':    // BINPUT
  case 'r':    // LONG_BINPUT
  case 0x94: { // MEMOIZE
    uint64_t index = memo.size();
    if (opcode != 0x94) {
      Expected<uint64_t> operand = readUInt(opcode == 'q' ? 1 : 4);
      if (!operand)
        return operand.takeError();
      index = *operand;
    }
    Expected<PickleValue *> value = top();
    if (!value)
      return value.takeError();
    if (memo.size() >= limits.maxMemoSize && !memo.count(index))
      return fail("memo exceeds " + Twine(limits.maxMemoSize) + " entries");
    memo[index] = *value;
    return Error::success();
  }
  }
  return fail("unsupported pickle opcode " + describeOpcode(opcode));
}

Expected<PickleTree> Unpickler::run() {
  bool done = false;
  while (!done)
    if (Error error = step(done))
      return error;
  return std::move(tree);
}

Expected<PickleTree> pt2onnx::pt2::unpickle(ArrayRef<uint8_t> bytes,
                                            StringRef name,
                                            const UnpickleLimits &limits) {
  return Unpickler(bytes, name, limits).run();
}
