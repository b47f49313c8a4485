//===- PT2Reader.cpp - Importing a .pt2 archive ----------------------------===//
//
// Where a program's tensors are, by layout (torch/export/pt2_archive):
//   archive  data/weights/<model>_weights_config.json and
//            data/constants/<model>_constants_config.json map each name to a
//            payload: a raw storage file (`weight_<n>`, `tensor_<n>`) viewed
//            through the entry's tensor_meta (sizes, strides, offset), or a
//            torch.save file holding the tensor (`use_pickle`). Early 2.x
//            archives held data/weights/<model>.pt, a pickled state dict.
//   legacy   serialized_state_dict.pt and serialized_constants.pt, torch.save
//            files holding a dict of name -> tensor.
// Either way a tensor is a strided view of a storage's bytes.
//
// Errors are ir::LocatedErrors: the archive and its entry, then where in the
// entry (a config's key) when there is more to say than the entry.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/PT2Reader.h"

#include "frontends/pt2/PT2Layout.h"
#include "frontends/pt2/ProgramImporter.h"
#include "frontends/pt2/TorchSaveArchive.h"
#include "frontends/pt2/ZipArchive.h"
#include "ir/CheckedArithmetic.h"
#include "ir/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <string_view>

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;
using json = nlohmann::json;

namespace {

/// What weight views point into. Every weight of the module holds it.
struct ArchiveStorage {
  std::unique_ptr<ZipArchive> zip;
  /// torch.save archives inside `zip`; they read from it, so they are
  /// destroyed first.
  std::vector<std::unique_ptr<TorchSaveArchive>> nested;
  /// The bytes of compressed entries, inflated once.
  std::vector<std::unique_ptr<EntryData>> inflated;
};

/// A tensor as a strided view of a storage.
struct TensorLayout {
  ir::DType dtype = ir::DType::Float32;
  SmallVector<int64_t, 4> sizes;
  SmallVector<int64_t, 4> strides;
  /// In elements.
  int64_t offset = 0;
};

/// What the weights of an archive of `fileSize` bytes may take, and what
/// its deflated entries may inflate to: the lower of the two limits.
uint64_t getWeightBound(uint64_t fileSize, const ImportLimits &limits) {
  uint64_t byRatio;
  if (__builtin_mul_overflow(fileSize, limits.maxWeightRatio, &byRatio))
    byRatio = UINT64_MAX;
  return std::min(byRatio, limits.maxWeightBytes);
}

/// Serves the tensors of one program from its archive.
class ArchiveWeights final : public WeightProvider {
public:
  ArchiveWeights(std::shared_ptr<ArchiveStorage> storage, const ImportLimits &limits)
      : storage(std::move(storage)), zip(*this->storage->zip), limits(limits),
        maxWeightBytes(getWeightBound(zip.getBytes().size(), limits)) {}

  /// Adds the tensors of a payload config whose payload files are in `dir`.
  Error addPayloadConfig(const ZipArchive::Entry &config, StringRef dir);
  /// Adds the tensors of a torch.save file holding a dict of name -> tensor.
  Error addTorchSave(const ZipArchive::Entry &entry);

  Expected<ir::WeightData> getTensor(StringRef fqn) override;

private:
  std::string describeWeightBound(uint64_t fileSize) const {
    uint64_t byRatio;
    bool ratioBinds = !__builtin_mul_overflow(fileSize, limits.maxWeightRatio, &byRatio) &&
                      byRatio <= limits.maxWeightBytes;
    if (ratioBinds)
      return "the weights take more than " + std::to_string(maxWeightBytes) + " bytes, " +
             std::to_string(limits.maxWeightRatio) + " times the archive's " +
             std::to_string(fileSize) + " (--max-weight-ratio raises the limit)";
    return "the weights take more than " + std::to_string(maxWeightBytes) +
           " bytes (--max-weight-bytes raises the limit)";
  }

  struct Source {
    enum class Kind { Raw, Pickled, Saved, NotATensor } kind;
    /// Raw: the storage entry. Pickled: the torch.save entry. Saved and
    /// NotATensor: the torch.save entry the dict came from.
    const ZipArchive::Entry *entry = nullptr;
    /// Raw: the view, from the config's tensor_meta.
    TensorLayout layout;
    /// Saved: the tensor in `archive`.
    const TorchSaveArchive *archive = nullptr;
    const TensorRef *tensor = nullptr;
    /// NotATensor: what the value is.
    std::string what;
  };

  void addSource(StringRef fqn, Source source) { sources.try_emplace(fqn, std::move(source)); }
  Expected<ArrayRef<uint8_t>> keep(Expected<EntryData> data);
  Expected<const TorchSaveArchive *> openTorchSave(const ZipArchive::Entry &entry);
  Expected<ir::WeightData> fromTensorRef(const TorchSaveArchive &archive, const TensorRef &tensor,
                                         StringRef where);
  Expected<ir::WeightData> view(const TensorLayout &layout, ArrayRef<uint8_t> bytes,
                                StringRef where);

  std::shared_ptr<ArchiveStorage> storage;
  const ZipArchive &zip;
  const ImportLimits &limits;
  /// What the weights served may take in all, and what they take so far.
  uint64_t maxWeightBytes;
  uint64_t weightBytes = 0;
  /// The first source added for a name wins: the state dict before constants.
  StringMap<Source> sources;
  std::map<const ZipArchive::Entry *, const TorchSaveArchive *> openedTorchSaves;
  /// Gathered copies of non-contiguous views, by storage and view.
  std::map<std::string, ir::WeightData> gathered;
};

Expected<ArrayRef<uint8_t>> ArchiveWeights::keep(Expected<EntryData> data) {
  if (!data)
    return data.takeError();
  if (!data->isOwned())
    return data->bytes();
  storage->inflated.push_back(std::make_unique<EntryData>(std::move(*data)));
  return storage->inflated.back()->bytes();
}

Expected<const TorchSaveArchive *> ArchiveWeights::openTorchSave(const ZipArchive::Entry &entry) {
  auto it = openedTorchSaves.find(&entry);
  if (it != openedTorchSaves.end())
    return it->second;
  Expected<std::unique_ptr<TorchSaveArchive>> archive = TorchSaveArchive::openNested(zip, entry);
  if (!archive)
    return archive.takeError();
  storage->nested.push_back(std::move(*archive));
  return openedTorchSaves[&entry] = storage->nested.back().get();
}

/// Reads a PayloadConfig: {"config": {name: {path_name, is_param, use_pickle,
/// tensor_meta}}}; tensor_meta sizes and strides are plain integers here.
Error ArchiveWeights::addPayloadConfig(const ZipArchive::Entry &config, StringRef dir) {
  Expected<EntryData> text = zip.read(config);
  if (!text)
    return text.takeError();
  std::string where = (zip.getName() + ": " + config.name).str();
  if (Error err = checkJsonLimits(text->str(), where, limits))
    return err;
  json root;
  try {
    root = json::parse(text->str().begin(), text->str().end());
  } catch (const json::exception &e) {
    return ir::makeLocatedError(where, "", "invalid JSON: " + Twine(e.what()));
  }
  auto fail = [&](StringRef fqn, const Twine &message) {
    return ir::makeLocatedError(where, "config[" + json(fqn.str()).dump() + "]", message);
  };
  auto configIt = root.is_object() ? root.find("config") : root.end();
  if (configIt == root.end() || !configIt->is_object())
    return ir::makeLocatedError(where, "", "expected an object with a 'config' object");

  for (auto it = configIt->cbegin(); it != configIt->cend(); ++it) {
    const std::string &fqn = it.key();
    const json &meta = it.value();
    auto member = [&](const char *key) -> const json * {
      auto m = meta.is_object() ? meta.find(key) : meta.end();
      return m == meta.end() ? nullptr : &*m;
    };
    const json *path = member("path_name");
    const json *usePickle = member("use_pickle");
    if (!path || !path->is_string())
      return fail(fqn, "expected a string 'path_name'");
    if (usePickle && !usePickle->is_boolean())
      return fail(fqn, "'use_pickle' must be true or false");
    std::string entryName = (dir + path->get_ref<const std::string &>()).str();
    const ZipArchive::Entry *entry = zip.find(entryName);
    if (!entry)
      return fail(fqn, "payload '" + entryName + "' is not in the archive");

    Source source;
    source.entry = entry;
    if (usePickle && usePickle->get<bool>()) {
      source.kind = Source::Kind::Pickled;
      addSource(fqn, std::move(source));
      continue;
    }
    source.kind = Source::Kind::Raw;
    const json *tensorMeta = member("tensor_meta");
    if (!tensorMeta || !tensorMeta->is_object())
      return fail(fqn, "a raw payload needs a 'tensor_meta' object");
    auto metaField = [&](const char *key) -> const json * {
      auto m = tensorMeta->find(key);
      return m == tensorMeta->end() ? nullptr : &*m;
    };
    // Why a tensor_meta integer is not one, or nothing if it is.
    auto badInt = [](const json *v) -> std::optional<std::string> {
      if (!v)
        return std::string("is missing");
      if (v->is_number_unsigned() && v->get<uint64_t>() > uint64_t(INT64_MAX))
        return v->dump() + " does not fit in 64 bits";
      if (!v->is_number_integer())
        return v->dump() + " is not an integer";
      return std::nullopt;
    };
    auto readInt = [&](const json *v, int64_t &out) {
      if (badInt(v))
        return false;
      out = v->get<int64_t>();
      return true;
    };
    // A SymInt {"as_int": n} that must be a non-negative integer.
    auto readSymInt = [&](const json &v, const Twine &what, int64_t &out) -> Error {
      auto i = v.is_object() && v.size() == 1 ? v.find("as_int") : v.end();
      if (i == v.end())
        return fail(fqn, "tensor_meta " + what + " must be {\"as_int\": n}");
      if (std::optional<std::string> why = badInt(&*i))
        return fail(fqn, "tensor_meta " + what + ": " + *why);
      out = i->get<int64_t>();
      if (out < 0)
        return fail(fqn, "tensor_meta " + what + " is negative (" + Twine(out) + ")");
      return Error::success();
    };
    auto readInts = [&](const char *key, SmallVectorImpl<int64_t> &out) -> Error {
      const json *list = metaField(key);
      if (!list || !list->is_array())
        return fail(fqn, "tensor_meta " + Twine(key) + " must be a list of {\"as_int\": n}");
      for (size_t i = 0; i < list->size(); ++i) {
        int64_t v;
        if (Error err = readSymInt((*list)[i], Twine(key) + "[" + Twine(i) + "]", v))
          return err;
        out.push_back(v);
      }
      return Error::success();
    };
    int64_t dtypeCode;
    if (!readInt(metaField("dtype"), dtypeCode))
      return fail(fqn, "tensor_meta needs an integer 'dtype'");
    std::optional<ir::DType> dtype = getDTypeOfScalarType(dtypeCode);
    if (!dtype)
      return fail(fqn, "unsupported ScalarType " + Twine(dtypeCode));
    source.layout.dtype = *dtype;
    if (Error err = readInts("sizes", source.layout.sizes))
      return err;
    if (Error err = readInts("strides", source.layout.strides))
      return err;
    if (source.layout.strides.size() != source.layout.sizes.size())
      return fail(fqn, "tensor_meta has " + Twine(source.layout.sizes.size()) + " sizes but " +
                           Twine(source.layout.strides.size()) + " strides");
    if (const json *offset = metaField("storage_offset"))
      if (Error err = readSymInt(*offset, "storage_offset", source.layout.offset))
        return err;
    addSource(fqn, std::move(source));
  }
  return Error::success();
}

Error ArchiveWeights::addTorchSave(const ZipArchive::Entry &entry) {
  Expected<const TorchSaveArchive *> archive = openTorchSave(entry);
  if (!archive)
    return archive.takeError();
  const PickleValue &root = (*archive)->getRoot();
  if (!root.is(PickleValue::Kind::Dict))
    return ir::makeLocatedError(zip.getName() + ": " + entry.name, "",
                                "expected a dict of tensors, found " +
                                    PickleValue::getKindName(root.getKind()));
  for (const PickleValue::DictItem &item : root.getDictItems()) {
    if (!item.first->is(PickleValue::Kind::String))
      continue;
    Source source;
    source.entry = &entry;
    if (item.second->is(PickleValue::Kind::Tensor)) {
      source.kind = Source::Kind::Saved;
      source.archive = *archive;
      source.tensor = &item.second->getTensor();
    } else {
      source.kind = Source::Kind::NotATensor;
      source.what = PickleValue::getKindName(item.second->getKind()).str();
    }
    addSource(item.first->getString(), std::move(source));
  }
  return Error::success();
}

Expected<ir::WeightData> ArchiveWeights::getTensor(StringRef fqn) {
  auto it = sources.find(fqn);
  // The importer names the tensor and where the program refers to it.
  if (it == sources.end())
    return createStringError(inconvertibleErrorCode(), "the archive holds no tensor of that name");
  const Source &source = it->second;
  std::string where = (zip.getName() + ": " + source.entry->name).str();
  switch (source.kind) {
  case Source::Kind::Raw: {
    Expected<ArrayRef<uint8_t>> bytes = keep(zip.read(*source.entry));
    if (!bytes)
      return bytes.takeError();
    return view(source.layout, *bytes, where);
  }
  case Source::Kind::Pickled: {
    Expected<const TorchSaveArchive *> archive = openTorchSave(*source.entry);
    if (!archive)
      return archive.takeError();
    const PickleValue &root = (*archive)->getRoot();
    if (!root.is(PickleValue::Kind::Tensor))
      return ir::makeLocatedError(where, "",
                                  "expected a pickled tensor, found " +
                                      PickleValue::getKindName(root.getKind()));
    return fromTensorRef(**archive, root.getTensor(), where);
  }
  case Source::Kind::Saved:
    return fromTensorRef(*source.archive, *source.tensor, where);
  case Source::Kind::NotATensor:
    return ir::makeLocatedError(where, "", "'" + fqn + "' is a " + source.what + ", not a tensor");
  }
  llvm_unreachable("unknown source kind");
}

Expected<ir::WeightData> ArchiveWeights::fromTensorRef(const TorchSaveArchive &archive,
                                                       const TensorRef &tensor, StringRef where) {
  std::optional<ir::DType> dtype = ir::parseTorchName(tensor.dtype);
  if (!dtype)
    return ir::makeLocatedError(where, "", "unsupported dtype '" + tensor.dtype + "'");
  TensorLayout layout;
  layout.dtype = *dtype;
  layout.sizes = tensor.sizes;
  layout.strides = tensor.strides;
  layout.offset = tensor.storageOffset;
  Expected<ArrayRef<uint8_t>> bytes = keep(archive.readStorage(tensor));
  if (!bytes)
    return bytes.takeError();
  std::string storageName =
      (archive.getZip().getName() + "!" + archive.getPrefix() + "data/" + tensor.storage.key).str();
  return view(layout, *bytes, storageName);
}

/// The weight a layout describes over `bytes`: a view when the elements are
/// contiguous, otherwise a gathered copy, made once per distinct view.
Expected<ir::WeightData> ArchiveWeights::view(const TensorLayout &layout, ArrayRef<uint8_t> bytes,
                                              StringRef where) {
  auto fail = [&](const Twine &message) { return ir::makeLocatedError(where, "", message); };
  size_t rank = layout.sizes.size();
  if (layout.strides.size() != rank)
    return fail("a tensor of rank " + Twine(rank) + " with " + Twine(layout.strides.size()) +
                " strides");
  int64_t elementSize = ir::getDTypeSize(layout.dtype);
  if (layout.offset < 0)
    return fail("negative storage offset " + Twine(layout.offset));
  for (size_t i = 0; i < rank; ++i)
    if (layout.sizes[i] < 0 || layout.strides[i] < 0)
      return fail("negative size or stride");
  std::optional<int64_t> numel = ir::checkedProduct(layout.sizes);
  std::optional<int64_t> numBytes = numel ? ir::checkedMul(*numel, elementSize) : std::nullopt;
  if (!numBytes)
    return fail("the tensor's size in bytes overflows int64");
  std::optional<int64_t> extent =
      ir::checkedViewExtent(layout.sizes, layout.strides, layout.offset);
  std::optional<int64_t> endByte = extent ? ir::checkedMul(*extent, elementSize) : std::nullopt;
  if (!endByte)
    return fail("the view addresses bytes beyond 2^63");
  if (uint64_t(*endByte) > bytes.size())
    return fail("the view ends at byte " + Twine(*endByte) + " of a storage of " +
                Twine(bytes.size()) + " bytes");
  ir::WeightData weight;
  weight.dtype = layout.dtype;
  weight.shape = layout.sizes;
  if (*numel == 0)
    return weight;

  uint64_t viewBytes = uint64_t(*numBytes);
  if (viewBytes > maxWeightBytes - weightBytes)
    return fail(describeWeightBound(zip.getBytes().size()));
  weightBytes += viewBytes;

  bool contiguous = true;
  int64_t expected = 1;
  for (size_t i = rank; i-- > 0;) {
    if (layout.sizes[i] != 1 && layout.strides[i] != expected)
      contiguous = false;
    expected *= layout.sizes[i];
  }
  if (contiguous) {
    weight.bytes = bytes.slice(layout.offset * elementSize, *numBytes);
    weight.keepAlive = storage;
    weight.fileMapped = zip.isFileMapped(weight.bytes);
    return weight;
  }

  std::string key = where.str();
  for (size_t i = 0; i < rank; ++i)
    key += ":" + std::to_string(layout.sizes[i]) + "/" + std::to_string(layout.strides[i]);
  key += "@" + std::to_string(layout.offset) + "#" + ir::getTorchName(layout.dtype).str();
  if (auto it = gathered.find(key); it != gathered.end())
    return it->second;

  // Odometer over all but the innermost dim, which is copied as one run when
  // its stride is 1 and element by element otherwise.
  auto buffer = std::make_shared<std::vector<uint8_t>>(size_t(*numBytes));
  uint8_t *out = buffer->data();
  int64_t inner = rank ? layout.sizes[rank - 1] : 1;
  int64_t innerStride = rank ? layout.strides[rank - 1] : 1;
  SmallVector<int64_t, 4> index(rank ? rank - 1 : 0, 0);
  for (int64_t done = 0; done < *numel; done += inner) {
    int64_t base = layout.offset;
    for (size_t i = 0; i + 1 < rank; ++i)
      base += index[i] * layout.strides[i];
    if (innerStride == 1) {
      std::memcpy(out, bytes.data() + base * elementSize, inner * elementSize);
      out += inner * elementSize;
    } else {
      for (int64_t j = 0; j < inner; ++j, out += elementSize)
        std::memcpy(out, bytes.data() + (base + j * innerStride) * elementSize, elementSize);
    }
    for (size_t i = index.size(); i-- > 0;) {
      if (++index[i] < layout.sizes[i])
        break;
      index[i] = 0;
    }
  }
  weight.bytes = *buffer;
  weight.keepAlive = std::move(buffer);
  gathered.emplace(std::move(key), weight);
  return weight;
}

/// Opens the archive and detects its layout.
struct OpenedArchive {
  std::shared_ptr<ArchiveStorage> storage;
  PT2Layout layout;
};

/// The zip reader's bounds for an archive of `fileSize` bytes: the inflated
/// total stays within the weight bound.
ZipLimits zipLimitsFor(uint64_t fileSize, const ImportLimits &limits) {
  ZipLimits zipLimits;
  zipLimits.maxTotalInflatedSize =
      std::min(zipLimits.maxTotalInflatedSize, getWeightBound(fileSize, limits));
  return zipLimits;
}

ZipLimits zipLimitsFor(StringRef path, const ImportLimits &limits) {
  uint64_t fileSize = 0;
  if (sys::fs::file_size(path, fileSize))
    return ZipLimits();
  return zipLimitsFor(fileSize, limits);
}

Expected<OpenedArchive> openArchive(Expected<std::unique_ptr<ZipArchive>> zip) {
  if (!zip)
    return zip.takeError();
  OpenedArchive opened;
  opened.storage = std::make_shared<ArchiveStorage>();
  opened.storage->zip = std::move(*zip);
  Expected<PT2Layout> layout = detectPT2Layout(*opened.storage->zip);
  if (!layout)
    return layout.takeError();
  opened.layout = *layout;
  return opened;
}

std::vector<std::string> modelNames(const ZipArchive &zip, const PT2Layout &layout) {
  if (layout.format == PT2Layout::Format::Legacy)
    return {"model"};
  std::vector<std::string> names;
  std::string prefix = layout.root + "models/";
  for (const ZipArchive::Entry &entry : zip.entries()) {
    StringRef name = entry.name;
    if (name.consume_front(prefix) && name.consume_back(".json") && !name.contains('/'))
      names.push_back(name.str());
  }
  llvm::sort(names);
  return names;
}

} // namespace

Expected<std::vector<std::string>> pt2onnx::pt2::listPT2Models(StringRef path) {
  Expected<OpenedArchive> opened =
      openArchive(ZipArchive::open(path, zipLimitsFor(path, ImportLimits())));
  if (!opened)
    return opened.takeError();
  return modelNames(*opened->storage->zip, opened->layout);
}

static Expected<std::unique_ptr<ir::Module>> importArchive(Expected<OpenedArchive> opened,
                                                           const ImportOptions &options) {
  if (!opened)
    return opened.takeError();
  const ZipArchive &zip = *opened->storage->zip;
  StringRef path = zip.getName();
  const std::string &root = opened->layout.root;
  ArchiveWeights weights(opened->storage, options.limits);
  auto lookup = [&](const Twine &name) { return zip.find((root + name).str()); };

  const ZipArchive::Entry *program = nullptr;
  StringRef model = options.modelName;
  if (opened->layout.format == PT2Layout::Format::Legacy) {
    if (model != "model")
      return ir::makeLocatedError(path, "",
                                  "the archive has the torch 2.1-2.6 layout, which holds one "
                                  "program, 'model'; there is no '" +
                                      model + "'");
    program = lookup("serialized_exported_program.json");
    for (StringRef file : {"serialized_state_dict.pt", "serialized_constants.pt"})
      if (const ZipArchive::Entry *entry = lookup(file))
        if (Error err = weights.addTorchSave(*entry))
          return err;
  } else {
    if (const ZipArchive::Entry *byteOrder = lookup("byteorder")) {
      Expected<EntryData> order = zip.read(*byteOrder);
      if (!order)
        return order.takeError();
      if (order->str().trim() != "little")
        return zip.makeError(*byteOrder, "weights are '" + order->str().trim() +
                                             "'-endian; only little-endian is supported");
    }
    program = lookup("models/" + model + ".json");
    if (!program) {
      std::string known;
      for (const std::string &name : modelNames(zip, opened->layout))
        known += (known.empty() ? "" : ", ") + name;
      return ir::makeLocatedError(path, "",
                                  "no program '" + model + "' in the archive; it holds: " +
                                      (known.empty() ? "none" : known));
    }
    for (StringRef kind : {"weights", "constants"}) {
      std::string dir = (root + "data/" + kind + "/").str();
      if (const ZipArchive::Entry *config =
              zip.find(dir + model.str() + "_" + kind.str() + "_config.json")) {
        if (Error err = weights.addPayloadConfig(*config, dir))
          return err;
      } else if (const ZipArchive::Entry *pickled = zip.find(dir + model.str() + ".pt")) {
        if (Error err = weights.addTorchSave(*pickled))
          return err;
      }
    }
  }
  if (!program)
    return ir::makeLocatedError(path, "", "the archive has no program JSON");

  Expected<EntryData> text = zip.read(*program);
  if (!text)
    return text.takeError();
  ProgramImportOptions importOptions;
  importOptions.sourceName = (path + ": " + program->name).str();
  importOptions.warningHandler = options.warningHandler;
  importOptions.limits = options.limits;
  return importProgramJSON(text->str(), weights, importOptions);
}

Expected<std::unique_ptr<ir::Module>> pt2onnx::pt2::importPT2(StringRef path,
                                                              const ImportOptions &options) {
  return importArchive(openArchive(ZipArchive::open(path, zipLimitsFor(path, options.limits))),
                       options);
}

Expected<std::unique_ptr<ir::Module>>
pt2onnx::pt2::importPT2(std::unique_ptr<MemoryBuffer> buffer, const ImportOptions &options) {
  ZipLimits zipLimits = zipLimitsFor(buffer->getBufferSize(), options.limits);
  return importArchive(openArchive(ZipArchive::openBuffer(std::move(buffer), zipLimits)), options);
}
