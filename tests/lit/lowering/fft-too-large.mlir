// One case: an inverse real FFT whose cos/sin matrices would be too large is refused.
// RUN: not %pt2onnx-opt %s --passes=lower-aten -o /dev/null 2>&1 | FileCheck %s

// CHECK: aten.fft_irfft.default (1 use): the FFT's DFT matrices would exceed 4194304 elements
"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4097xf32>):
    %r = "aten.fft_irfft.default"(%x) {arg_names = ["self"]} : (tensor<4097xf32>) -> tensor<8192xf32>
    "ir.return"(%r) : (tensor<8192xf32>) -> ()
  }) {sym_name = "big"} : () -> ()
}) : () -> ()
