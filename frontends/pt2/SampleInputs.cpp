//===- SampleInputs.cpp - The example inputs a .pt2 archive stores ---------===//

#include "frontends/pt2/SampleInputs.h"

#include "frontends/pt2/PT2Layout.h"
#include "frontends/pt2/TorchSaveArchive.h"
#include "ir/Diagnostic.h"

#include <cstring>

namespace pt2onnx::pt2 {

namespace {

/// The elements `tensor` views, gathered in C order into an owned buffer.
llvm::Expected<ir::WeightData> readTensor(const TorchSaveArchive &archive, const TensorRef &tensor,
                                          llvm::StringRef where) {
  std::optional<ir::DType> dtype = ir::parseTorchName(tensor.dtype);
  if (!dtype)
    return ir::makeLocatedError(where, "", "unsupported dtype '" + tensor.dtype + "'");
  llvm::Expected<EntryData> storage = archive.readStorage(tensor);
  if (!storage)
    return storage.takeError();
  size_t elementSize = ir::getDTypeSize(*dtype);
  int64_t count = tensor.getNumElements();
  std::vector<uint8_t> bytes(size_t(count) * elementSize);
  // The unpickler checked that every element the view addresses lies in
  // the storage. An odometer over the dims, the last fastest.
  size_t rank = tensor.sizes.size();
  llvm::SmallVector<int64_t, 4> index(rank, 0);
  int64_t at = tensor.storageOffset;
  const uint8_t *from = storage->bytes().data();
  for (int64_t i = 0; i < count; ++i) {
    std::memcpy(bytes.data() + size_t(i) * elementSize, from + size_t(at) * elementSize,
                elementSize);
    for (size_t d = rank; d-- > 0;) {
      at += tensor.strides[d];
      if (++index[d] < tensor.sizes[d])
        break;
      at -= tensor.strides[d] * tensor.sizes[d];
      index[d] = 0;
    }
  }
  return ir::WeightData::copyOf(*dtype, tensor.sizes, bytes);
}

llvm::Error flatten(const TorchSaveArchive &archive, const PickleValue &value,
                    llvm::StringRef where, std::vector<SampleInput> &leaves) {
  SampleInput leaf;
  switch (value.getKind()) {
  case PickleValue::Kind::Tuple:
  case PickleValue::Kind::List:
    for (const PickleValue *item : value.getItems())
      if (llvm::Error err = flatten(archive, *item, where, leaves))
        return err;
    return llvm::Error::success();
  case PickleValue::Kind::Dict:
    for (const PickleValue::DictItem &item : value.getDictItems())
      if (llvm::Error err = flatten(archive, *item.second, where, leaves))
        return err;
    return llvm::Error::success();
  case PickleValue::Kind::Tensor: {
    llvm::Expected<ir::WeightData> t = readTensor(archive, value.getTensor(), where);
    if (!t)
      return t.takeError();
    leaf.value = std::move(*t);
    break;
  }
  case PickleValue::Kind::Int: {
    int64_t v = value.getInt();
    leaf.value = ir::WeightData::copyOf(ir::DType::Int64, {},
                                        {reinterpret_cast<const uint8_t *>(&v), sizeof v});
    break;
  }
  case PickleValue::Kind::Float: {
    double v = value.getFloat();
    leaf.value = ir::WeightData::copyOf(ir::DType::Float64, {},
                                        {reinterpret_cast<const uint8_t *>(&v), sizeof v});
    break;
  }
  case PickleValue::Kind::Bool: {
    uint8_t v = value.getBool();
    leaf.value = ir::WeightData::copyOf(ir::DType::Bool, {}, {&v, 1});
    break;
  }
  default:
    leaf.other = PickleValue::getKindName(value.getKind()).str();
    break;
  }
  leaves.push_back(std::move(leaf));
  return llvm::Error::success();
}

} // namespace

llvm::Expected<std::optional<std::vector<SampleInput>>>
readPT2SampleInputs(llvm::StringRef path, llvm::StringRef modelName) {
  llvm::Expected<std::unique_ptr<ZipArchive>> zip = ZipArchive::open(path);
  if (!zip)
    return zip.takeError();
  llvm::Expected<PT2Layout> layout = detectPT2Layout(**zip);
  if (!layout)
    return layout.takeError();
  std::string name = layout->format == PT2Layout::Format::Legacy
                         ? layout->root + "serialized_example_inputs.pt"
                         : layout->root + "data/sample_inputs/" + modelName.str() + ".pt";
  const ZipArchive::Entry *entry = (*zip)->find(name);
  if (!entry || (layout->format == PT2Layout::Format::Legacy && modelName != "model"))
    return std::nullopt;
  llvm::Expected<std::unique_ptr<TorchSaveArchive>> archive =
      TorchSaveArchive::openNested(**zip, *entry);
  if (!archive)
    return archive.takeError();
  std::string where = (path + "!" + name).str();
  std::vector<SampleInput> leaves;
  if (llvm::Error err = flatten(**archive, (*archive)->getRoot(), where, leaves))
    return err;
  return leaves;
}

} // namespace pt2onnx::pt2
