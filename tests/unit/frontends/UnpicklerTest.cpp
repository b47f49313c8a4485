//===- UnpicklerTest.cpp - Tests of the safe unpickler --------------------===//
//
// Pickles are spelled out opcode by opcode with the helpers below, so that
// each test shows what it feeds in; the fixtures values_proto*.pkl come from
// CPython's own pickler.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/Unpickler.h"
#include "frontends/pt2/ZipArchive.h"

#include "Fixtures.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace pt2onnx::pt2;
using namespace pt2onnx::pt2::testing;

namespace {

using Kind = PickleValue::Kind;

/// Pickle bytes, concatenated with `+`. Only appending: GCC 12 warns
/// falsely (-Wrestrict) about `"literal" + std::string(...)`.
struct Bytes {
  Bytes(const char *text) : data(text) {}
  Bytes(std::string text) : data(std::move(text)) {}
  std::string data;
};
Bytes operator+(Bytes lhs, const Bytes &rhs) {
  lhs.data += rhs.data;
  return lhs;
}

Bytes le(uint64_t value, unsigned width) {
  std::string out;
  for (unsigned i = 0; i < width; ++i)
    out += char(i < 8 ? (value >> (8 * i)) & 0xff : 0);
  return out;
}

// Opcodes, named as in CPython's pickletools.
const Bytes PROTO2 = "\x80\x02";
const Bytes MARK = "(";
const Bytes STOP = ".";
const Bytes NONE = "N";
const Bytes NEWTRUE = "\x88";
const Bytes NEWFALSE = "\x89";
const Bytes TUPLE = "t";
const Bytes TUPLE1 = "\x85";
const Bytes TUPLE2 = "\x86";
const Bytes EMPTY_TUPLE = ")";
const Bytes EMPTY_LIST = "]";
const Bytes EMPTY_DICT = "}";
const Bytes APPEND = "a";
const Bytes APPENDS = "e";
const Bytes SETITEMS = "u";
const Bytes REDUCE = "R";
const Bytes BUILD = "b";
const Bytes BINPERSID = "Q";

Bytes str(StringRef text) {
  return Bytes("X") + le(text.size(), 4) + text.str();
}
Bytes integer(int64_t value) {
  if (value >= 0 && value < 256)
    return "K" + le(value, 1);
  if (value >= INT32_MIN && value <= INT32_MAX)
    return "J" + le(uint32_t(value), 4);
  return "\x8a\x08" + le(uint64_t(value), 8);
}
Bytes global(StringRef module, StringRef name) {
  return Bytes("c") + module.str() + "\n" + name.str() + "\n";
}
Bytes put(unsigned index) { return "q" + le(index, 1); }
Bytes get(unsigned index) { return "h" + le(index, 1); }
Bytes ints(std::initializer_list<int64_t> values) {
  Bytes out = MARK;
  for (int64_t value : values)
    out = out + integer(value);
  return out + TUPLE;
}

/// The persistent id torch writes for a storage.
Bytes storage(StringRef type, StringRef key, int64_t numel) {
  return MARK + str("storage") + global("torch", type) + str(key) + str("cpu") +
         integer(numel) + TUPLE + BINPERSID;
}
Bytes orderedDict() {
  return global("collections", "OrderedDict") + EMPTY_TUPLE + REDUCE;
}
/// `_rebuild_tensor_v2(storage, offset, size, stride, False, OrderedDict())`
/// followed by `extra` arguments.
Bytes tensorV2(const Bytes &storageId, int64_t offset, const Bytes &size,
               const Bytes &stride, const Bytes &extra = "") {
  return global("torch._utils", "_rebuild_tensor_v2") + MARK + storageId +
         integer(offset) + size + stride + NEWFALSE + orderedDict() + extra +
         TUPLE + REDUCE;
}

Expected<PickleTree> run(const Bytes &bytes, const UnpickleLimits &limits = {}) {
  return unpickle(arrayRefFromStringRef(bytes.data), "test.pkl", limits);
}

/// A Python-like rendering of a value, to compare whole trees at once.
void render(const PickleValue &value, raw_ostream &os) {
  auto renderItems = [&](StringRef open, StringRef close) {
    os << open;
    ListSeparator separator;
    for (const PickleValue *item : value.getItems()) {
      os << separator;
      render(*item, os);
    }
    if (value.is(Kind::Tuple) && value.getItems().size() == 1)
      os << ",";
    os << close;
  };
  switch (value.getKind()) {
  case Kind::None:
    os << "None";
    return;
  case Kind::Bool:
    os << (value.getBool() ? "True" : "False");
    return;
  case Kind::Int:
    os << value.getInt();
    return;
  case Kind::Float:
    os << format("%g", value.getFloat());
    return;
  case Kind::String:
    os << "'" << value.getString() << "'";
    return;
  case Kind::Bytes:
    os << "b'";
    for (uint8_t byte : value.getBytes())
      os << "\\x" << format_hex_no_prefix(byte, 2);
    os << "'";
    return;
  case Kind::Tuple:
    return renderItems("(", ")");
  case Kind::List:
    return renderItems("[", "]");
  case Kind::Set:
    return renderItems("{", "}");
  case Kind::Dict: {
    os << "{";
    ListSeparator separator;
    for (const PickleValue::DictItem &item : value.getDictItems()) {
      os << separator;
      render(*item.first, os);
      os << ": ";
      render(*item.second, os);
    }
    os << "}";
    return;
  }
  case Kind::Tensor: {
    const TensorRef &tensor = value.getTensor();
    os << (tensor.isParameter ? "parameter(" : "tensor(") << tensor.dtype
       << ", [";
    interleaveComma(tensor.sizes, os);
    os << "], stride=[";
    interleaveComma(tensor.strides, os);
    os << "], offset=" << tensor.storageOffset << ", storage='"
       << tensor.storage.key << "' " << tensor.storage.dtype << "x"
       << tensor.storage.numel;
    if (tensor.requiresGrad)
      os << ", requires_grad";
    os << ")";
    return;
  }
  case Kind::Storage:
    os << "storage('" << value.getStorage().key << "')";
    return;
  case Kind::DType:
    os << "torch." << value.getString();
    return;
  case Kind::Device:
    os << "device('" << value.getString() << "')";
    return;
  case Kind::Global:
    os << value.getString();
    return;
  }
}

/// The root of `bytes`, rendered; the pickle must load.
std::string load(const Bytes &bytes) {
  Expected<PickleTree> tree = run(bytes);
  if (!tree) {
    ADD_FAILURE() << toString(tree.takeError());
    return "";
  }
  std::string out;
  raw_string_ostream os(out);
  render(tree->getRoot(), os);
  return out;
}

/// The error of unpickling `bytes`, without the "test.pkl: " prefix.
std::string error(const Bytes &bytes, const UnpickleLimits &limits = {}) {
  std::string message = errorMessage(run(bytes, limits));
  return StringRef(message).consume_front("test.pkl: ")
             ? message.substr(strlen("test.pkl: "))
             : message;
}

TEST(UnpicklerTest, Scalars) {
  EXPECT_EQ(load(PROTO2 + NONE + STOP), "None");
  EXPECT_EQ(load(NEWTRUE + STOP), "True");
  EXPECT_EQ(load(NEWFALSE + STOP), "False");
  EXPECT_EQ(load("K\xff" + STOP), "255");
  EXPECT_EQ(load("M\xff\xff" + STOP), "65535");
  EXPECT_EQ(load("J\xfe\xff\xff\xff" + STOP), "-2");
  EXPECT_EQ(load(std::string("\x8a\x00", 2) + STOP), "0");
  EXPECT_EQ(load("\x8a\x01\xff" + STOP), "-1");
  EXPECT_EQ(load(std::string("\x8a\x02\x00\x80", 4) + STOP), "-32768");
  EXPECT_EQ(load("\x8a\x05" + le(uint64_t(1) << 31, 5) + STOP), "2147483648");
  EXPECT_EQ(load("\x8b" + le(3, 4) + le(0x10000, 3) + STOP), "65536");
  EXPECT_EQ(load(integer(INT64_MIN) + STOP), "-9223372036854775808");
  EXPECT_EQ(load(std::string("G\x3f\xf8\0\0\0\0\0\0", 9) + STOP), "1.5");
}

TEST(UnpicklerTest, Strings) {
  EXPECT_EQ(load(str("hi") + STOP), "'hi'");
  EXPECT_EQ(load("\x8c\x02hi" + STOP), "'hi'");
  EXPECT_EQ(load("\x8d" + le(2, 8) + "hi" + STOP), "'hi'");
  // Python 2 strings; torch loads them as text.
  EXPECT_EQ(load("U\x02hi" + STOP), "'hi'");
  EXPECT_EQ(load("T" + le(2, 4) + "hi" + STOP), "'hi'");
  EXPECT_EQ(load("C\x02\x01\xfe" + STOP), "b'\\x01\\xfe'");
  EXPECT_EQ(load("B" + le(1, 4) + "a" + STOP), "b'\\x61'");
  EXPECT_EQ(load("\x8e" + le(1, 8) + "a" + STOP), "b'\\x61'");
  EXPECT_EQ(load("\x96" + le(1, 8) + "a" + STOP), "b'\\x61'");
}

TEST(UnpicklerTest, Containers) {
  EXPECT_EQ(load(EMPTY_TUPLE + STOP), "()");
  EXPECT_EQ(load(integer(1) + TUPLE1 + STOP), "(1,)");
  EXPECT_EQ(load(integer(1) + integer(2) + TUPLE2 + STOP), "(1, 2)");
  EXPECT_EQ(load(ints({1, 2, 3, 4}) + STOP), "(1, 2, 3, 4)");
  EXPECT_EQ(load(EMPTY_LIST + integer(1) + APPEND + MARK + integer(2) +
                 integer(3) + APPENDS + STOP),
            "[1, 2, 3]");
  EXPECT_EQ(load(EMPTY_DICT + MARK + str("a") + integer(1) + str("b") +
                 integer(2) + SETITEMS + STOP),
            "{'a': 1, 'b': 2}");
  EXPECT_EQ(load("\x8f" + MARK + integer(1) + "\x90" + STOP), "{1}");
  EXPECT_EQ(load(MARK + integer(1) + "\x91" + STOP), "{1}");
}

TEST(UnpicklerTest, RepeatedDictKeysKeepTheirPlace) {
  EXPECT_EQ(load(EMPTY_DICT + MARK + str("a") + integer(1) + str("b") +
                 integer(2) + str("a") + integer(3) + SETITEMS + STOP),
            "{'a': 3, 'b': 2}");
}

TEST(UnpicklerTest, BuildsLargeDictsInLinearTime) {
  // Repeated keys are found through an index, not by scanning the dict.
  Bytes pickle = EMPTY_DICT + MARK;
  for (int64_t key = 0; key < 200000; ++key)
    pickle.data += (integer(key) + NONE + str(std::to_string(key)) + NONE).data;
  pickle = pickle + SETITEMS + EMPTY_DICT + MARK + integer(7) + NEWTRUE +
           str("7") + NEWTRUE + SETITEMS + TUPLE2 + STOP;
  Expected<PickleTree> tree = run(pickle);
  ASSERT_TRUE(bool(tree)) << toString(tree.takeError());
  EXPECT_EQ(tree->getRoot().getItems()[0]->getDictItems().size(), 400000u);
  EXPECT_EQ(load(EMPTY_DICT + MARK + integer(7) + NONE + str("7") + NONE +
                 "C\x01" "7" + NONE + integer(7) + NEWTRUE + SETITEMS + STOP),
            "{7: True, '7': None, b'\\x37': None}");
}

TEST(UnpicklerTest, LookupFindsStringKeys) {
  Expected<PickleTree> tree =
      run(EMPTY_DICT + MARK + integer(1) + str("int key") + str("k") +
          str("v") + SETITEMS + STOP);
  ASSERT_TRUE(bool(tree)) << toString(tree.takeError());
  const PickleValue *value = tree->getRoot().lookup("k");
  ASSERT_TRUE(value);
  EXPECT_EQ(value->getString(), "v");
  EXPECT_EQ(tree->getRoot().lookup("missing"), nullptr);
}

TEST(UnpicklerTest, MemoSharesValues) {
  Expected<PickleTree> tree =
      run(PROTO2 + EMPTY_LIST + put(0) + get(0) + TUPLE2 + STOP);
  ASSERT_TRUE(bool(tree)) << toString(tree.takeError());
  ArrayRef<const PickleValue *> items = tree->getRoot().getItems();
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0], items[1]);
  // MEMOIZE numbers entries by the memo's size.
  EXPECT_EQ(load("\x80\x04" + str("x") + "\x94" + get(0) + TUPLE2 + STOP),
            "('x', 'x')");
}

TEST(UnpicklerTest, PopAndDup) {
  EXPECT_EQ(load(integer(1) + integer(2) + "0" + STOP), "1");
  EXPECT_EQ(load(integer(1) + MARK + integer(2) + integer(3) + "1" + STOP),
            "1");
  EXPECT_EQ(load(integer(1) + "2" + TUPLE2 + STOP), "(1, 1)");
}

TEST(UnpicklerTest, ReadsWhatCPythonWritesForProtocols2And5) {
  // bytes in protocol 2 are `_codecs.encode(str, 'latin1')`, empty bytes
  // `builtins.bytes()`, sets `builtins.set([...])`; protocol 5 has opcodes
  // for each. Both must give the same tree.
  std::string expected =
      "{'ints': [0, 255, 65535, -1, 2147483648, -9223372036854775808], "
      "'float': -1.5, 'text': 'h\xc3\xa9', 'bytes': b'\\x00\\x80\\xff', "
      "'empty': b'', 'tuple': (1, (2,), ()), "
      "'nested': {'a': [None, True, False]}, 'set': {9}, "
      "'bytearray': b'\\x01\\x02'}";
  for (StringRef name : {"values_proto2.pkl", "values_proto5.pkl"}) {
    std::vector<uint8_t> bytes = readFixture(name);
    EXPECT_EQ(load(toStringRef(bytes).str()), expected) << name.str();
  }
}

TEST(UnpicklerTest, BuildsTensors) {
  Bytes pickle = PROTO2 + tensorV2(storage("FloatStorage", "0", 6), 1,
                                         ints({2, 2}), ints({3, 1})) +
                       STOP;
  Expected<PickleTree> tree = run(pickle);
  ASSERT_TRUE(bool(tree)) << toString(tree.takeError());
  const PickleValue &root = tree->getRoot();
  ASSERT_TRUE(root.is(Kind::Tensor));
  const TensorRef &tensor = root.getTensor();
  EXPECT_EQ(tensor.dtype, "float32");
  EXPECT_EQ(tensor.elementSize, 4u);
  EXPECT_EQ(tensor.sizes, (SmallVector<int64_t, 4>{2, 2}));
  EXPECT_EQ(tensor.strides, (SmallVector<int64_t, 4>{3, 1}));
  EXPECT_EQ(tensor.storageOffset, 1);
  EXPECT_EQ(tensor.getByteOffset(), 4u);
  EXPECT_EQ(tensor.getNumElements(), 4);
  EXPECT_FALSE(tensor.requiresGrad);
  EXPECT_FALSE(tensor.isParameter);
  EXPECT_EQ(tensor.storage.key, "0");
  EXPECT_EQ(tensor.storage.location, "cpu");
  EXPECT_EQ(tensor.storage.numel, 6u);
  EXPECT_EQ(tensor.storage.numBytes, 24u);
  EXPECT_EQ(tree->getTensors().size(), 1u);
}

TEST(UnpicklerTest, BuildsTensorsOfEveryRebuildFunction) {
  Bytes longStorage = storage("LongStorage", "k", 4);
  // The oldest form: no requires_grad, no hooks.
  EXPECT_EQ(load(global("torch._utils", "_rebuild_tensor") + MARK +
                 longStorage + integer(0) + ints({4}) + ints({1}) + TUPLE +
                 REDUCE + STOP),
            "tensor(int64, [4], stride=[1], offset=0, storage='k' int64x4)");
  // v3 carries the dtype; the storage is untyped bytes.
  EXPECT_EQ(load(global("torch._utils", "_rebuild_tensor_v3") + MARK +
                 storage("UntypedStorage", "b", 8) + integer(2) + ints({2}) +
                 ints({1}) + NEWTRUE + orderedDict() +
                 global("torch", "float8_e5m2") + TUPLE + REDUCE + STOP),
            "tensor(float8_e5m2, [2], stride=[1], offset=2, storage='b' "
            "uint8x8, requires_grad)");
  Bytes data = tensorV2(storage("HalfStorage", "h", 1), 0, EMPTY_TUPLE,
                              EMPTY_TUPLE);
  EXPECT_EQ(load(global("torch._utils", "_rebuild_parameter") + MARK + data +
                 NEWTRUE + orderedDict() + TUPLE + REDUCE + STOP),
            "parameter(float16, [], stride=[], offset=0, storage='h' "
            "float16x1, requires_grad)");
  EXPECT_EQ(load(global("torch._utils", "_rebuild_parameter_with_state") +
                 MARK + data + NEWFALSE + orderedDict() + EMPTY_DICT + TUPLE +
                 REDUCE + STOP),
            "parameter(float16, [], stride=[], offset=0, storage='h' "
            "float16x1)");
  // A tensor whose Python object had attributes.
  EXPECT_EQ(load(global("torch._tensor", "_rebuild_from_type_v2") + MARK +
                 global("torch._utils", "_rebuild_tensor") + global("torch",
                                                                    "Tensor") +
                 MARK + longStorage + integer(0) + ints({4}) + ints({1}) +
                 TUPLE + EMPTY_DICT + TUPLE + REDUCE + STOP),
            "tensor(int64, [4], stride=[1], offset=0, storage='k' int64x4)");
  // Empty tensors address nothing, whatever their offset.
  EXPECT_EQ(load(tensorV2(storage("FloatStorage", "e", 0), 5, ints({0, 3}),
                          ints({3, 1})) +
                 STOP),
            "tensor(float32, [0, 3], stride=[3, 1], offset=5, storage='e' "
            "float32x0)");
}

TEST(UnpicklerTest, BuildsTorchValues) {
  EXPECT_EQ(load(global("torch", "bfloat16") + STOP), "torch.bfloat16");
  EXPECT_EQ(load(global("torch", "device") + str("cuda") + integer(1) +
                 TUPLE2 + REDUCE + STOP),
            "device('cuda:1')");
  EXPECT_EQ(load(global("torch", "Size") + ints({2, 3}) + TUPLE1 + REDUCE +
                 STOP),
            "(2, 3)");
  EXPECT_EQ(load(global("collections", "OrderedDict") + EMPTY_LIST + str("k") +
                 integer(1) + TUPLE2 + APPEND + TUPLE1 + REDUCE + STOP),
            "{'k': 1}");
  // BUILD attributes of an OrderedDict (a state dict's _metadata) are
  // dropped.
  EXPECT_EQ(load(orderedDict() + EMPTY_DICT + MARK + str("_metadata") +
                 EMPTY_DICT + SETITEMS + BUILD + STOP),
            "{}");
  // Python attributes BUILT onto a tensor are dropped too.
  EXPECT_EQ(load(tensorV2(storage("FloatStorage", "0", 1), 0, EMPTY_TUPLE,
                          EMPTY_TUPLE) +
                 EMPTY_DICT + BUILD + STOP),
            "tensor(float32, [], stride=[], offset=0, storage='0' float32x1)");
  // A storage class that is named but not called.
  EXPECT_EQ(load(global("torch", "FloatStorage") + STOP), "torch.FloatStorage");
  EXPECT_EQ(load(global("__builtin__", "set") + EMPTY_LIST + integer(4) +
                 APPEND + TUPLE1 + REDUCE + STOP),
            "{4}");
}

TEST(UnpicklerTest, RejectsGlobalsOutsideTheTable) {
  Bytes call = str("echo") + TUPLE1 + REDUCE + STOP;
  EXPECT_EQ(error(PROTO2 + global("os", "system") + call),
            "at byte 2: global 'os.system' is not allowed: only the tensor, "
            "storage and container types torch.save writes are");
  EXPECT_NE(error(PROTO2 + global("posix", "system") + call)
                .find("global 'posix.system'"),
            std::string::npos);
  // Protocol 2 names builtins as __builtin__.
  EXPECT_NE(error(global("__builtin__", "eval") + call)
                .find("at byte 0: global 'builtins.eval' is not allowed"),
            std::string::npos);
  // STACK_GLOBAL takes the names from the stack.
  EXPECT_NE(error("\x80\x04\x8c\x08"
                  "builtins\x8c\x04"
                  "exec\x93" +
                  STOP)
                .find("at byte 18: global 'builtins.exec' is not allowed"),
            std::string::npos);
  EXPECT_NE(error(global("torch", "load") + STOP).find("'torch.load'"),
            std::string::npos);
  EXPECT_NE(error(global("torch._utils", "_rebuild_qtensor") + STOP)
                .find("'torch._utils._rebuild_qtensor'"),
            std::string::npos);
}

TEST(UnpicklerTest, RejectsOpcodesOutsideTheSupportedSet) {
  EXPECT_EQ(error(PROTO2 + MARK + "i__main__\nX\n" + STOP),
            "at byte 3: unsupported pickle opcode 0x69 'i' (INST)");
  EXPECT_NE(error("\x82\x01" + STOP).find("0x82 (EXT1)"), std::string::npos);
  EXPECT_NE(error("P1\n" + STOP).find("'P' (PERSID)"), std::string::npos);
  EXPECT_NE(error("I1\n" + STOP).find("'I' (INT)"), std::string::npos);
  EXPECT_NE(error("\x97" + STOP).find("(NEXT_BUFFER)"), std::string::npos);
  EXPECT_NE(error(std::string("\xff")).find("0xff"), std::string::npos);
  EXPECT_EQ(error("\x80\x06" + NONE + STOP),
            "at byte 0: unsupported pickle protocol 6");
}

TEST(UnpicklerTest, RejectsMalformedStructure) {
  EXPECT_EQ(error(PROTO2 + NONE), "at byte 3: pickle ends without STOP");
  EXPECT_NE(error(NONE + NONE + STOP).find("STOP with 2 values"),
            std::string::npos);
  EXPECT_NE(error(MARK + NONE + STOP).find("and 1 marks"), std::string::npos);
  EXPECT_EQ(error(APPEND + STOP), "at byte 0: stack underflow");
  EXPECT_EQ(error(TUPLE + STOP), "at byte 0: no MARK to pop to");
  // Values below a mark cannot be popped.
  EXPECT_NE(error(EMPTY_LIST + MARK + APPEND).find("stack underflow"),
            std::string::npos);
  EXPECT_EQ(error(get(5) + STOP), "at byte 0: memo has no entry 5");
  EXPECT_EQ(error(put(0) + STOP), "at byte 0: stack underflow");
  EXPECT_NE(error(EMPTY_DICT + NONE + APPEND + STOP)
                .find("APPEND needs a list, not a dict"),
            std::string::npos);
  EXPECT_NE(error(EMPTY_DICT + MARK + NONE + SETITEMS + STOP)
                .find("odd number"),
            std::string::npos);
  EXPECT_NE(error(EMPTY_LIST + EMPTY_DICT + BUILD + STOP)
                .find("BUILD on a list is not supported"),
            std::string::npos);
  EXPECT_NE(error(NONE + EMPTY_TUPLE + REDUCE + STOP)
                .find("REDUCE calls a None, which is not callable"),
            std::string::npos);
  EXPECT_NE(error(global("torch", "FloatStorage") + EMPTY_TUPLE + REDUCE +
                  STOP)
                .find("'torch.FloatStorage' cannot be called"),
            std::string::npos);
  EXPECT_NE(error(global("torch._utils", "_rebuild_tensor_v2") + EMPTY_TUPLE +
                  "\x81" + STOP)
                .find("NEWOBJ on 'torch._utils._rebuild_tensor_v2'"),
            std::string::npos);
  EXPECT_NE(error("cos").find("GLOBAL operand is not a newline-terminated"),
            std::string::npos);
  EXPECT_NE(error("\x93" + STOP).find("stack underflow"), std::string::npos);
}

TEST(UnpicklerTest, ChecksLengthsAgainstTheRemainingInput) {
  EXPECT_EQ(error("X" + le(0x7fffffff, 4) + "ab" + STOP),
            "at byte 0: needs 2147483647 more bytes, but only 3 remain");
  // A length near 2^64 must neither allocate nor overflow.
  EXPECT_NE(error("\x8d" + le(~uint64_t(0), 8) + STOP)
                .find("needs 18446744073709551615 more bytes"),
            std::string::npos);
  EXPECT_NE(error("\x95" + le(1000, 8) + NONE + STOP).find("frame of 1000"),
            std::string::npos);
  EXPECT_NE(error("T" + le(0x80000000, 4) + STOP).find("negative length"),
            std::string::npos);
  EXPECT_NE(error("\x8a\x09" + le(0, 9) + STOP)
                .find("integer of 9 bytes does not fit in 64 bits"),
            std::string::npos);
  EXPECT_NE(error("J\x01\x02").find("needs 4 more bytes, but only 2"),
            std::string::npos);
}

TEST(UnpicklerTest, RejectsCycles) {
  // l = []; l.append(l)
  EXPECT_NE(error(EMPTY_LIST + put(0) + get(0) + APPEND + STOP)
                .find("a list cannot contain itself"),
            std::string::npos);
  // a = []; b = [a]; a.append(b)
  EXPECT_NE(error(EMPTY_LIST + put(0) + EMPTY_LIST + get(0) + APPEND + APPEND +
                  STOP)
                .find("APPEND grows a list that is already part of another "
                      "value"),
            std::string::npos);
  // d = {}; d['k'] = d
  EXPECT_NE(error(EMPTY_DICT + put(0) + str("k") + get(0) + "s" + STOP)
                .find("a dict cannot contain itself"),
            std::string::npos);
  // d = {}; d['k'] = [d]
  EXPECT_NE(error(EMPTY_DICT + put(0) + str("k") + EMPTY_LIST + get(0) +
                  APPEND + "s" + STOP)
                .find("SETITEM grows a dict that is already part of another "
                      "value"),
            std::string::npos);
}

TEST(UnpicklerTest, LimitsNesting) {
  auto nested = [](unsigned depth) {
    return Bytes(std::string(depth, ']')) + std::string(depth - 1, 'a') + STOP;
  };
  EXPECT_TRUE(bool(run(nested(256))));
  EXPECT_EQ(error(nested(257)),
            "at byte 512: values nest deeper than 256 levels");
  EXPECT_NE(error(nested(100000)).find("nest deeper than 256"),
            std::string::npos);
  UnpickleLimits shallow;
  shallow.maxDepth = 3;
  EXPECT_NE(error(nested(4), shallow).find("nest deeper than 3"),
            std::string::npos);
}

TEST(UnpicklerTest, LimitsStackAndMemo) {
  UnpickleLimits limits;
  limits.maxStackSize = 100;
  limits.maxMemoSize = 2;
  EXPECT_EQ(error(std::string(101, 'N') + STOP, limits),
            "at byte 100: stack exceeds 100 entries");
  EXPECT_EQ(error(std::string(101, '(') + STOP, limits),
            "at byte 100: stack exceeds 100 entries");
  EXPECT_EQ(error(NONE + put(0) + put(1) + put(1) + put(2) + STOP, limits),
            "at byte 7: memo exceeds 2 entries");
  // The default limits hold a million values.
  EXPECT_TRUE(bool(run(EMPTY_LIST + MARK + std::string(500000, 'N') +
                       APPENDS + STOP)));
}

TEST(UnpicklerTest, ChecksStorageReferences) {
  EXPECT_NE(error(MARK + str("storage") + NONE + str("0") + str("cpu") +
                  integer(1) + TUPLE + BINPERSID + STOP)
                .find("persistent id is not a torch storage reference "
                      "('storage', type, key, location, numel): its type is "
                      "not a storage class"),
            std::string::npos);
  EXPECT_NE(error(str("0") + BINPERSID + STOP).find("a str"),
            std::string::npos);
  EXPECT_NE(error(MARK + str("module") + global("torch", "FloatStorage") +
                  str("0") + str("cpu") + integer(1) + TUPLE + BINPERSID +
                  STOP)
                .find("its first field is not 'storage'"),
            std::string::npos);
  EXPECT_NE(error(MARK + str("storage") + global("torch", "FloatStorage") +
                  str("0") + str("cpu") + integer(-1) + TUPLE + BINPERSID +
                  STOP)
                .find("numel must be a non-negative int"),
            std::string::npos);
  EXPECT_NE(error(storage("FloatStorage", "0", 1) +
                  storage("LongStorage", "0", 1) + TUPLE2 + STOP)
                .find("storage '0' is referenced with two different types"),
            std::string::npos);
}

TEST(UnpicklerTest, ChecksTensorsAgainstTheirStorage) {
  EXPECT_NE(error(tensorV2(storage("FloatStorage", "0", 2), 0, ints({3}),
                           ints({1})) +
                  STOP)
                .find("_rebuild_tensor_v2: tensor reaches byte 12 of storage "
                      "'0', which has 8 bytes"),
            std::string::npos);
  EXPECT_NE(error(tensorV2(storage("FloatStorage", "0", 6), 3, ints({2, 2}),
                           ints({3, 1})) +
                  STOP)
                .find("reaches byte 32"),
            std::string::npos);
  EXPECT_NE(error(tensorV2(storage("FloatStorage", "0", 6), 0, ints({2}),
                           ints({1, 1})) +
                  STOP)
                .find("size has 1 dims but stride has 2"),
            std::string::npos);
  EXPECT_NE(error(tensorV2(storage("FloatStorage", "0", 6), 0, ints({-2}),
                           ints({1})) +
                  STOP)
                .find("size must hold non-negative ints"),
            std::string::npos);
  EXPECT_NE(error(tensorV2(storage("FloatStorage", "0", 6), 0,
                           ints({INT64_MAX, 4}), ints({1, 1})) +
                  STOP)
                .find("tensor size overflows"),
            std::string::npos);
  EXPECT_NE(error(tensorV2(NONE, 0, ints({1}), ints({1})) + STOP)
                .find("_rebuild_tensor_v2: argument 1 (storage) is a None, "
                      "expected a storage"),
            std::string::npos);
  EXPECT_NE(error(global("torch._utils", "_rebuild_tensor_v2") + ints({1}) +
                  REDUCE + STOP)
                .find("torch._utils._rebuild_tensor_v2 takes 6 to 7 "
                      "arguments, got 1"),
            std::string::npos);
  // Conjugate and negative views change what the bytes mean.
  EXPECT_NE(error(tensorV2(storage("FloatStorage", "0", 6), 0, ints({1}),
                           ints({1}),
                           EMPTY_DICT + str("conj") + NEWTRUE + "s") +
                  STOP)
                .find("tensor metadata sets 'conj', which is not supported"),
            std::string::npos);
  EXPECT_TRUE(bool(run(tensorV2(storage("FloatStorage", "0", 6), 0, ints({1}),
                                ints({1}),
                                EMPTY_DICT + str("conj") + NEWFALSE + "s") +
                       STOP)));
}

TEST(UnpicklerTest, SurvivesEveryTruncationAndCorruptedByte) {
  // Run under the sanitizers, this checks that no malformed input reads
  // outside the pickle or leaves a dangling value.
  std::vector<std::vector<uint8_t>> pickles = {
      readFixture("values_proto2.pkl"), readFixture("values_proto5.pkl")};
  Expected<std::unique_ptr<ZipArchive>> zip =
      ZipArchive::open(fixturePath("state_dict.pt"));
  ASSERT_TRUE(bool(zip)) << toString(zip.takeError());
  Expected<EntryData> statePickle =
      (*zip)->read(*(*zip)->find("state_dict/data.pkl"));
  ASSERT_TRUE(bool(statePickle)) << toString(statePickle.takeError());
  pickles.emplace_back(statePickle->bytes().begin(),
                       statePickle->bytes().end());

  for (const std::vector<uint8_t> &original : pickles) {
    ASSERT_TRUE(bool(unpickle(original, "original")));
    for (size_t size = 0; size < original.size(); ++size)
      EXPECT_FALSE(bool(unpickle(ArrayRef<uint8_t>(original).take_front(size),
                                 "truncated")))
          << size;
    for (size_t at = 0; at < original.size(); ++at) {
      for (uint8_t value : {uint8_t(original[at] ^ 0xff), uint8_t(0x00),
                            uint8_t(original[at] + 1)}) {
        std::vector<uint8_t> bytes = original;
        bytes[at] = value;
        Expected<PickleTree> tree = unpickle(bytes, "corrupt");
        if (!tree)
          consumeError(tree.takeError());
      }
    }
  }
}

TEST(UnpicklerTest, ErrorsNameTheSource) {
  Expected<PickleTree> tree =
      unpickle(arrayRefFromStringRef(StringRef("N")), "model.pt2!a/data.pkl");
  EXPECT_EQ(errorMessage(std::move(tree)),
            "model.pt2!a/data.pkl: at byte 1: pickle ends without STOP");
}

TEST(UnpicklerTest, KnowsDTypeSizes) {
  EXPECT_EQ(getTorchDTypeSize("float32"), 4u);
  EXPECT_EQ(getTorchDTypeSize("bfloat16"), 2u);
  EXPECT_EQ(getTorchDTypeSize("complex128"), 16u);
  EXPECT_EQ(getTorchDTypeSize("float8_e4m3fn"), 1u);
  EXPECT_EQ(getTorchDTypeSize("qint8"), std::nullopt);
}

} // namespace
