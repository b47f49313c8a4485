// Malformed archives are refused: exit code 2, an error that starts with the
// archive, then the place (entry, JSON path, weight), then the reason, and no
// model written. The archives are variants of the frontend's layout inputs,
// each with one thing torch never writes (Inputs/make_bad_archives.py).
// RUN: rm -rf %t && %python %S/Inputs/make_bad_archives.py %t

// A tensor whose size in bytes overflows int64, and an empty one with a dim
// no tensor could have: no size arithmetic downstream may overflow.
// RUN: sh -c '%pt2onnx %t/input-too-large.pt2 -o %t/input-too-large.onnx 2> %t/input-too-large.err; test $? -eq 2'
// RUN: not test -e %t/input-too-large.onnx
// RUN: FileCheck %s --check-prefix=TOO-LARGE --input-file %t/input-too-large.err
// TOO-LARGE: pt2onnx: error: {{.*}}input-too-large.pt2: layout-2.14/models/model.json: graph_module.graph.tensor_values.x.sizes: a float32 tensor of sizes [4, 9223372036854775807] does not fit in 2^63 bytes
// RUN: sh -c '%pt2onnx %t/empty-with-huge-dim.pt2 -o %t/empty-with-huge-dim.onnx 2> %t/empty-with-huge-dim.err; test $? -eq 2'
// RUN: not test -e %t/empty-with-huge-dim.onnx
// RUN: FileCheck %s --check-prefix=EMPTY-HUGE --input-file %t/empty-with-huge-dim.err
// EMPTY-HUGE: pt2onnx: error: {{.*}}empty-with-huge-dim.pt2: layout-2.14/models/model.json: graph_module.graph.tensor_values.x.sizes: a float32 tensor of sizes [0, 9223372036854775807] does not fit in 2^63 bytes

// Strides and offsets of a payload: integers, not negative, inside the payload.
// RUN: sh -c '%pt2onnx %t/stride-double.pt2 -o %t/stride-double.onnx 2> %t/stride-double.err; test $? -eq 2'
// RUN: not test -e %t/stride-double.onnx
// RUN: FileCheck %s --check-prefix=STRIDE-DOUBLE --input-file %t/stride-double.err
// STRIDE-DOUBLE: pt2onnx: error: {{.*}}stride-double.pt2: layout-2.14/data/weights/model_weights_config.json: config["weight"]: tensor_meta strides[1]: 1e+308 is not an integer
// RUN: sh -c '%pt2onnx %t/stride-negative.pt2 -o %t/stride-negative.onnx 2> %t/stride-negative.err; test $? -eq 2'
// RUN: not test -e %t/stride-negative.onnx
// RUN: FileCheck %s --check-prefix=STRIDE-NEGATIVE --input-file %t/stride-negative.err
// STRIDE-NEGATIVE: pt2onnx: error: {{.*}}stride-negative.pt2: layout-2.14/data/weights/model_weights_config.json: config["weight"]: tensor_meta strides[1] is negative (-1)
// RUN: sh -c '%pt2onnx %t/offset-double.pt2 -o %t/offset-double.onnx 2> %t/offset-double.err; test $? -eq 2'
// RUN: not test -e %t/offset-double.onnx
// RUN: FileCheck %s --check-prefix=OFFSET-DOUBLE --input-file %t/offset-double.err
// OFFSET-DOUBLE: pt2onnx: error: {{.*}}offset-double.pt2: layout-2.14/data/weights/model_weights_config.json: config["weight"]: tensor_meta storage_offset: 1e+30 is not an integer
// RUN: sh -c '%pt2onnx %t/offset-past-payload.pt2 -o %t/offset-past-payload.onnx 2> %t/offset-past-payload.err; test $? -eq 2'
// RUN: not test -e %t/offset-past-payload.onnx
// RUN: FileCheck %s --check-prefix=OFFSET-PAST --input-file %t/offset-past-payload.err
// OFFSET-PAST: pt2onnx: error: {{.*}}offset-past-payload.pt2: layout-2.14/models/model.json: graph_module.signature.input_specs[0]: parameter 'weight': {{.*}}offset-past-payload.pt2: layout-2.14/data/weights/weight_0: the view ends at byte 40 of a storage of 24 bytes
// RUN: sh -c '%pt2onnx %t/payload-short.pt2 -o %t/payload-short.onnx 2> %t/payload-short.err; test $? -eq 2'
// RUN: not test -e %t/payload-short.onnx
// RUN: FileCheck %s --check-prefix=PAYLOAD-SHORT --input-file %t/payload-short.err
// PAYLOAD-SHORT: pt2onnx: error: {{.*}}payload-short.pt2: layout-2.14/models/model.json: graph_module.signature.input_specs[0]: parameter 'weight': {{.*}}payload-short.pt2: layout-2.14/data/weights/weight_0: the view ends at byte 24 of a storage of 16 bytes

// A torch.save storage holds exactly the bytes its pickle declares.
// RUN: sh -c '%pt2onnx %t/legacy-storage-size.pt2 -o %t/legacy-storage-size.onnx 2> %t/legacy-storage-size.err; test $? -eq 2'
// RUN: not test -e %t/legacy-storage-size.onnx
// RUN: FileCheck %s --check-prefix=STORAGE-SIZE --input-file %t/legacy-storage-size.err
// STORAGE-SIZE: pt2onnx: error: {{.*}}legacy-storage-size.pt2!serialized_state_dict.pt: entry 'archive/data/0': holds 28 bytes, but the pickle declares a float32 storage of 6 elements (24 bytes)

// Archive versions: torch has written only 0; the legacy layout's version is
// the schema's.
// RUN: sh -c '%pt2onnx %t/version-empty.pt2 -o %t/version-empty.onnx 2> %t/version-empty.err; test $? -eq 2'
// RUN: not test -e %t/version-empty.onnx
// RUN: FileCheck %s --check-prefix=VERSION-EMPTY --input-file %t/version-empty.err
// VERSION-EMPTY: pt2onnx: error: {{.*}}version-empty.pt2: entry 'layout-2.14/archive_version': unsupported archive version ''; supported archive versions: 0
// RUN: sh -c '%pt2onnx %t/version-big.pt2 -o %t/version-big.onnx 2> %t/version-big.err; test $? -eq 2'
// RUN: not test -e %t/version-big.onnx
// RUN: FileCheck %s --check-prefix=VERSION-BIG --input-file %t/version-big.err
// VERSION-BIG: pt2onnx: error: {{.*}}version-big.pt2: entry 'layout-2.14/archive_version': unsupported archive version 'big'; supported archive versions: 0
// RUN: sh -c '%pt2onnx %t/version-missing.pt2 -o %t/version-missing.onnx 2> %t/version-missing.err; test $? -eq 2'
// RUN: not test -e %t/version-missing.onnx
// RUN: FileCheck %s --check-prefix=VERSION-MISSING --input-file %t/version-missing.err
// VERSION-MISSING: pt2onnx: error: {{.*}}version-missing.pt2: no 'layout-2.14/archive_version' entry; supported archive versions: 0
// RUN: sh -c '%pt2onnx %t/legacy-version.pt2 -o %t/legacy-version.onnx 2> %t/legacy-version.err; test $? -eq 2'
// RUN: not test -e %t/legacy-version.onnx
// RUN: FileCheck %s --check-prefix=LEGACY-VERSION --input-file %t/legacy-version.err
// LEGACY-VERSION: pt2onnx: error: {{.*}}legacy-version.pt2: entry 'version': unsupported schema version '9.0'; supported: 8.x

// The zip: every entry's CRC, read or not, and no name twice.
// RUN: sh -c '%pt2onnx %t/crc-unread-entry.pt2 -o %t/crc-unread-entry.onnx 2> %t/crc-unread-entry.err; test $? -eq 2'
// RUN: not test -e %t/crc-unread-entry.onnx
// RUN: FileCheck %s --check-prefix=CRC --input-file %t/crc-unread-entry.err
// CRC: pt2onnx: error: {{.*}}crc-unread-entry.pt2: entry 'layout-2.14/.data/serialization_id': CRC-32 mismatch (central directory says 0x13b0d9f3, data has 0xbcf44bb4)
// RUN: sh -c '%pt2onnx %t/duplicate-entry.pt2 -o %t/duplicate-entry.onnx 2> %t/duplicate-entry.err; test $? -eq 2'
// RUN: not test -e %t/duplicate-entry.onnx
// RUN: FileCheck %s --check-prefix=DUPLICATE --input-file %t/duplicate-entry.err
// DUPLICATE: pt2onnx: error: {{.*}}duplicate-entry.pt2: entry 'layout-2.14/.data/serialization_id': duplicate entry name
