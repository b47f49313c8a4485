//===- NumpyArchive.cpp - Reading and writing numpy .npz files --------------===//

#include "tools/NumpyArchive.h"

#include "frontends/pt2/ZipArchive.h"
#include "tools/Driver.h"

#include "llvm/ADT/StringSwitch.h"

#include <cstring>

namespace pt2onnx::tools {

using passes::eval::Tensor;

namespace {

std::optional<ir::DType> dtypeOfDescr(llvm::StringRef descr) {
  // Byte order: `<` little, `|` not applicable, `=` native (little on every
  // host the tools run on).
  if (descr.empty() || !llvm::StringRef("<|=").contains(descr.front()))
    return std::nullopt;
  return llvm::StringSwitch<std::optional<ir::DType>>(descr.drop_front())
      .Case("b1", ir::DType::Bool)
      .Case("u1", ir::DType::UInt8)
      .Case("u2", ir::DType::UInt16)
      .Case("u4", ir::DType::UInt32)
      .Case("u8", ir::DType::UInt64)
      .Case("i1", ir::DType::Int8)
      .Case("i2", ir::DType::Int16)
      .Case("i4", ir::DType::Int32)
      .Case("i8", ir::DType::Int64)
      .Case("f2", ir::DType::Float16)
      .Case("f4", ir::DType::Float32)
      .Case("f8", ir::DType::Float64)
      .Case("c8", ir::DType::Complex64)
      .Case("c16", ir::DType::Complex128)
      .Default(std::nullopt);
}

/// The value of `key` in the header's dict, as written: `'<f4'`, `False`,
/// `(3, 4)`.
std::optional<llvm::StringRef> headerField(llvm::StringRef header, llvm::StringRef key) {
  std::string quoted = "'" + key.str() + "':";
  size_t at = header.find(quoted);
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = header.drop_front(at + quoted.size()).ltrim();
  if (rest.startswith("(")) {
    size_t close = rest.find(')');
    if (close == llvm::StringRef::npos)
      return std::nullopt;
    return rest.take_front(close + 1);
  }
  if (rest.startswith("'")) {
    size_t close = rest.find('\'', 1);
    if (close == llvm::StringRef::npos)
      return std::nullopt;
    return rest.slice(1, close);
  }
  return rest.take_until([](char c) { return c == ',' || c == '}'; }).trim();
}

llvm::Expected<Tensor> parseNpy(llvm::ArrayRef<uint8_t> bytes,
                                const std::function<llvm::Error(const llvm::Twine &)> &error) {
  llvm::StringRef data(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  if (!data.startswith("\x93NUMPY") || data.size() < 10)
    return error("not a .npy array (no \\x93NUMPY magic)");
  uint8_t major = uint8_t(data[6]);
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = uint8_t(data[8]) | size_t(uint8_t(data[9])) << 8;
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (data.size() < 12)
      return error("truncated .npy header");
    headerLength = 0;
    for (int i = 3; i >= 0; --i)
      headerLength = headerLength << 8 | uint8_t(data[8 + i]);
    headerStart = 12;
  } else {
    return error("unknown .npy version " + llvm::Twine(int(major)));
  }
  if (headerStart + headerLength > data.size())
    return error("truncated .npy header");
  llvm::StringRef header = data.substr(headerStart, headerLength);
  std::optional<llvm::StringRef> descr = headerField(header, "descr");
  std::optional<llvm::StringRef> order = headerField(header, "fortran_order");
  std::optional<llvm::StringRef> shapeText = headerField(header, "shape");
  if (!descr || !order || !shapeText)
    return error("malformed .npy header: " + header.trim());
  std::optional<ir::DType> dtype = dtypeOfDescr(*descr);
  if (!dtype)
    return error("unsupported array type '" + *descr + "'");
  passes::eval::Shape shape;
  llvm::StringRef dims = shapeText->drop_front().drop_back();
  while (!dims.trim().empty()) {
    auto [dim, rest] = dims.split(',');
    int64_t size;
    if (dim.trim().getAsInteger(10, size) || size < 0)
      return error("malformed .npy shape " + *shapeText);
    shape.push_back(size);
    dims = rest;
  }
  size_t count = 1;
  for (int64_t d : shape) {
    if (d != 0 && count > (size_t(1) << 48) / size_t(d))
      return error("the array is too large");
    count *= size_t(d);
  }
  size_t elementSize = ir::getDTypeSize(*dtype);
  llvm::StringRef elements = data.drop_front(headerStart + headerLength);
  if (elements.size() != count * elementSize)
    return error("the array " + shapeText->str() + " of '" + descr->str() + "' needs " +
                 llvm::Twine(count * elementSize) + " bytes, the entry has " +
                 llvm::Twine(elements.size()));
  Tensor t = Tensor::create(*dtype, shape);
  if (count)
    std::memcpy(t.getMutableData(), elements.data(), elements.size());
  if (*order == "True" && shape.size() > 1) {
    // Fortran order: the first dim varies fastest.
    passes::eval::Shape reversed(shape.rbegin(), shape.rend());
    passes::eval::Shape strides = passes::eval::getStrides(reversed);
    std::reverse(strides.begin(), strides.end());
    t = passes::eval::copyStrided(t.reshaped(reversed), shape, strides, 0);
  } else if (*order != "False" && *order != "True") {
    return error("malformed .npy header: fortran_order " + *order);
  }
  return t;
}

} // namespace

std::optional<Tensor> NumpyArray::as(ir::DType dtype) const {
  ir::DType have = tensor.getDType();
  if (have == dtype)
    return tensor;
  if ((have == ir::DType::UInt16 && dtype == ir::DType::BFloat16) ||
      (have == ir::DType::BFloat16 && dtype == ir::DType::UInt16))
    return Tensor::view(dtype, tensor.getShape(), tensor.getBytes(), tensor.getOwner());
  return std::nullopt;
}

llvm::Expected<std::vector<NumpyArray>> readNpz(llvm::StringRef path) {
  llvm::Expected<std::unique_ptr<pt2::ZipArchive>> zip = pt2::ZipArchive::open(path);
  if (!zip)
    return makeCommandLineError(path + ": not a .npz file: " + llvm::toString(zip.takeError()));
  std::vector<NumpyArray> arrays;
  for (const pt2::ZipArchive::Entry &entry : (*zip)->entries()) {
    auto error = [&](const llvm::Twine &why) {
      return makeCommandLineError(path + ": entry '" + entry.name + "': " + why);
    };
    llvm::StringRef name = entry.name;
    if (!name.consume_back(".npy"))
      return error("not a .npy array");
    llvm::Expected<pt2::EntryData> data = (*zip)->read(entry);
    if (!data)
      return error(llvm::toString(data.takeError()));
    llvm::Expected<Tensor> t = parseNpy(data->bytes(), error);
    if (!t)
      return t.takeError();
    arrays.push_back({name.str(), std::move(*t)});
  }
  return arrays;
}

} // namespace pt2onnx::tools
