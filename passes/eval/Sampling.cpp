//===- Sampling.cpp - Grid sampling, sliding blocks, fractional pooling -----===//
//
// Ops that read an image at computed positions: torch's grid_sampler (and
// _2d/_3d) and ONNX GridSample, torch's affine_grid_generator, im2col and
// col2im and ONNX Col2Im, torch's fractional_max_pool2d/3d.
//
// Grid sampling: the unnormalized coordinates, their padding (clip,
// reflection) and the rounding of nearest are computed in the tensor's type
// with the runtime's own formulas, so that a position on a pixel border
// picks the pixel the runtime picks. torch's 2-D CPU kernel (vectorized)
// unnormalizes as (g + 1) * (size - 1) / 2 or (g + 1) * size / 2 - 0.5 and
// reflects by whole double spans; its 3-D kernel and onnxruntime use
// ((g + 1) / 2) * (size - 1) and ((g + 1) * size - 1) / 2. torch pads the
// coordinate before bilinear and nearest interpolation and each tap of
// bicubic; onnxruntime pads each tap (for nearest: after rounding, so a
// reflected tie may land on the other pixel). Bicubic uses A = -0.75 in
// both. onnxruntime's interpolation is nested (a weighted sum along x, then
// along y, then z), in the tensor's type: computed the same way, exact.
// torch's bicubic nests the same way, but its vectorized kernel fuses some
// multiply-adds, and its bilinear sums the corners' weight products (done
// in double and rounded once here): a few ulp off. Non-finite inputs or
// grids are declined (the runtimes' zero weights times infinity differ).
//
// Columns: im2col copies, col2im and Col2Im add each column entry to its
// image position in the runtimes' order (channel and kernel position, then
// block), rounding to the element type at each addition: exact.
//
// Fractional max pooling: torch's intervals from the random samples in the
// tensor's type (samples outside [0, 1) too, as long as the windows stay in
// the input), the first maximum (the last NaN) of each window, indices flat
// in the plane.
//
// All are whole-program only (addUnfoldable).
//
//===----------------------------------------------------------------------===//

#include "passes/eval/NN.h"

#include <cmath>
#include <limits>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

//===----------------------------------------------------------------------===//
// Grid sampling
//===----------------------------------------------------------------------===//

enum class Interpolation { Linear, Nearest, Cubic };
enum class Padding { Zeros, Border, Reflection };
/// Whose arithmetic: torch's vectorized 2-D kernel, torch's generic 3-D
/// kernel, onnxruntime's.
enum class SamplerKernel { TorchVectorized, TorchGeneric, Onnxruntime };

struct SamplerSpec {
  Interpolation mode;
  Padding padding;
  bool alignCorners;
  SamplerKernel kernel;
};

template <typename T> T unnormalize(T g, int64_t size, const SamplerSpec &s) {
  if (s.kernel == SamplerKernel::TorchVectorized)
    return s.alignCorners ? (g + T(1)) * (T(size - 1) / T(2))
                          : (g + T(1)) * (T(size) / T(2)) - T(0.5);
  return s.alignCorners ? ((g + T(1)) / T(2)) * T(size - 1) : ((g + T(1)) * T(size) - T(1)) / T(2);
}

template <typename T> T clipCoordinate(T c, int64_t size) {
  return std::min(T(size - 1), std::max(c, T(0)));
}

/// torch's reflection of a coordinate into [0, size - 1] (align_corners) or
/// [-0.5, size - 0.5], then clipped to [0, size - 1].
template <typename T> T reflectCoordinate(T c, int64_t size, const SamplerSpec &s) {
  if (s.kernel == SamplerKernel::TorchVectorized) {
    T low = s.alignCorners ? T(0) : T(-0.5);
    T twiceSpan = s.alignCorners ? T(size - 1) * T(2) : T(size) * T(2);
    if (s.alignCorners && size <= 1)
      return T(0);
    T in = std::fabs(c - low);
    T extra = in - std::trunc(in / twiceSpan) * twiceSpan;
    return clipCoordinate(std::min(extra, twiceSpan - extra) + low, size);
  }
  int64_t twiceLow = s.alignCorners ? 0 : -1, twiceHigh = s.alignCorners ? 2 * (size - 1) : 2 * size - 1;
  if (twiceLow == twiceHigh)
    return clipCoordinate(T(0), size);
  T min = T(twiceLow) / T(2), span = T(twiceHigh - twiceLow) / T(2);
  T in = std::fabs(c - min);
  T extra = std::fmod(in, span);
  int64_t flips = int64_t(std::floor(in / span));
  return clipCoordinate(flips % 2 == 0 ? extra + min : span - extra + min, size);
}

/// torch's padding of a coordinate (compute_coordinates).
template <typename T> T padCoordinate(T c, int64_t size, const SamplerSpec &s) {
  switch (s.padding) {
  case Padding::Zeros:
    return c;
  case Padding::Border:
    return clipCoordinate(c, size);
  case Padding::Reflection:
    return reflectCoordinate(c, size, s);
  }
  return c;
}

/// onnxruntime's padding of an integer tap: its position in [0, size), -1
/// for a zero, nullopt where onnxruntime's arithmetic is undefined.
template <typename T>
std::optional<int64_t> padTap(int64_t i, int64_t size, const SamplerSpec &s) {
  if (i >= 0 && i < size)
    return i;
  if (s.padding == Padding::Zeros)
    return -1;
  if (s.padding == Padding::Border)
    return std::clamp<int64_t>(i, 0, size - 1);
  T lo = s.alignCorners ? T(0) : T(-0.5f);
  T hi = s.alignCorners ? T(size) - T(1) : T(size) - T(0.5f);
  T range = hi - lo, x = T(i);
  if (!(range > 0))
    return std::nullopt;
  T dx = x < lo ? lo - x : x - hi;
  T n = std::trunc(dx / range);
  if (n > T(std::numeric_limits<int>::max()))
    return std::nullopt;
  int flips = int(n);
  T r = dx - T(flips) * range;
  bool low = (x < lo) == (flips % 2 == 0);
  int64_t at = int64_t(low ? lo + r : hi - r);
  if (at < 0 || at >= size)
    return std::nullopt;
  return at;
}

/// The taps of one dim of one sample: positions in [0, size) (-1 for a
/// zero) and their weights.
struct Taps {
  llvm::SmallVector<int64_t, 4> at;
  llvm::SmallVector<double, 4> weight;
};

/// The cubic convolution weights (A = -0.75) of the taps at -1, 0, 1, 2
/// from the fraction `t`, in T as both runtimes compute them.
template <typename T> void cubicWeights(T t, Taps &taps) {
  const T a = T(-0.75);
  auto near = [&](T x) { return ((a + T(2)) * x - (a + T(3))) * x * x + T(1); };
  auto far = [&](T x) { return ((a * x - T(5) * a) * x + T(8) * a) * x - T(4) * a; };
  taps.weight = {double(far(t + T(1))), double(near(t)), double(near(T(1) - t)),
                 double(far(T(2) - t))};
}

/// The taps along one dim for the normalized coordinate `g`.
template <typename T>
std::optional<Taps> tapsOf(double g, int64_t size, const SamplerSpec &s) {
  T c = unnormalize(T(g), size, s);
  bool torch = s.kernel != SamplerKernel::Onnxruntime;
  if (torch && s.mode != Interpolation::Cubic)
    c = padCoordinate(c, size, s);
  if (!(std::fabs(double(c)) < 1e9))
    return std::nullopt;
  Taps taps;
  auto tap = [&](int64_t i) -> bool {
    if (!torch) {
      std::optional<int64_t> at = padTap<T>(i, size, s);
      if (!at)
        return false;
      taps.at.push_back(*at);
      return true;
    }
    if (s.mode == Interpolation::Cubic)
      i = int64_t(padCoordinate(T(i), size, s));
    taps.at.push_back(i >= 0 && i < size ? i : -1);
    return true;
  };
  if (s.mode == Interpolation::Nearest) {
    if (!tap(int64_t(std::nearbyint(c))))
      return std::nullopt;
    taps.weight = {1.0};
    return taps;
  }
  T f = std::floor(c);
  int64_t first = int64_t(f);
  if (s.mode == Interpolation::Linear && torch) {
    double t = double(c) - double(f);
    taps.weight = {1 - t, t};
  } else if (s.mode == Interpolation::Linear) {
    taps.weight = {double(T(f + T(1)) - c), double(c - f)};
  } else {
    // onnxruntime's fraction is x - (floor(x) - 1) - 1, rounded twice.
    cubicWeights(torch ? T(c - f) : T(T(c - T(first - 1)) - T(1)), taps);
    first -= 1;
  }
  for (size_t k = 0; k != taps.weight.size(); ++k)
    if (!tap(first + int64_t(k)))
      return std::nullopt;
  return taps;
}

/// The interpolation of `plane` over the taps of dims `d` onward, from the
/// offset `base` of the dims before: w_0 * v_0 + w_1 * v_1 + ... in T from
/// the left, each v the interpolation over the next dims (a pixel, or zero,
/// past the last), as onnxruntime nests linear and cubic interpolation and
/// torch cubic.
template <typename T>
T nestedSum(llvm::ArrayRef<Taps> taps, llvm::ArrayRef<int64_t> strides, const double *plane,
            size_t d, int64_t base) {
  T sum = T(0);
  for (size_t j = 0; j != taps[d].at.size(); ++j) {
    int64_t at = taps[d].at[j];
    T v = T(0);
    if (at >= 0 && base >= 0)
      v = d + 1 == taps.size() ? T(plane[base + at * strides[d]])
                               : nestedSum<T>(taps, strides, plane, d + 1, base + at * strides[d]);
    else if (d + 1 != taps.size())
      v = nestedSum<T>(taps, strides, plane, d + 1, -1);
    T term = T(taps[d].weight[j]) * v;
    sum = j == 0 ? term : sum + term;
  }
  return sum;
}

/// Samples `x` (N, C, spatial...) at `grid` (N, out..., k): the grid's last
/// dim holds the coordinates of the spatial dims in reverse order.
template <typename T>
std::optional<EvalResults> gridSample(EvalContext &ctx, const Tensor &x, const Tensor &grid,
                                      const SamplerSpec &s) {
  size_t k = x.getRank() - 2;
  llvm::ArrayRef<int64_t> in = x.getShape().drop_front(2), gs = grid.getShape();
  if (grid.getRank() != k + 2 || gs[0] != x.getShape()[0] || gs.back() != int64_t(k))
    return ctx.fail();
  Shape outShape{x.getShape()[0], x.getShape()[1]};
  outShape.append(gs.begin() + 1, gs.end() - 1);
  if (!ctx.withinLimit(outShape))
    return std::nullopt;
  std::optional<std::vector<double>> xs = floatsOf(ctx, x), g = floatsOf(ctx, grid);
  if (!xs || !g)
    return std::nullopt;
  auto finite = [](double v) { return std::isfinite(v); };
  if (!llvm::all_of(*xs, finite) || !llvm::all_of(*g, finite))
    return ctx.fail();
  int64_t batch = outShape[0], channels = outShape[1], inPlane = getNumElements(in);
  int64_t points = getNumElements(llvm::ArrayRef<int64_t>(outShape).drop_front(2));
  Shape inStrides = getStrides(in);
  std::vector<double> out(size_t(batch * channels * points), 0.0);
  llvm::SmallVector<Taps, 3> taps(k);
  llvm::SmallVector<int64_t, 64> offsets;
  llvm::SmallVector<double, 64> weights;
  // torch's linear interpolation sums the corners' products of weights
  // (in double here); the other forms nest one dim in the next, in T.
  bool nested = s.mode != Interpolation::Linear || s.kernel == SamplerKernel::Onnxruntime;
  for (int64_t n = 0; n != batch; ++n)
    for (int64_t p = 0; p != points; ++p) {
      const double *coords = &(*g)[size_t((n * points + p) * int64_t(k))];
      for (size_t d = 0; d != k; ++d) {
        std::optional<Taps> t = tapsOf<T>(coords[k - 1 - d], in[d], s);
        if (!t)
          return ctx.fail();
        taps[d] = std::move(*t);
      }
      if (nested) {
        for (int64_t c = 0; c != channels; ++c) {
          const double *plane = &(*xs)[size_t((n * channels + c) * inPlane)];
          out[size_t((n * channels + c) * points + p)] =
              double(nestedSum<T>(taps, inStrides, plane, 0, 0));
        }
        continue;
      }
      // The product of the dims' taps, skipping zeros.
      offsets.clear();
      weights.clear();
      Shape w(k, 0);
      for (bool more = true; more;) {
        int64_t offset = 0;
        double weight = 1;
        for (size_t d = 0; d != k && offset >= 0; ++d) {
          int64_t at = taps[d].at[w[d]];
          offset = at < 0 ? -1 : offset + at * inStrides[d];
          weight *= taps[d].weight[w[d]];
        }
        if (offset >= 0) {
          offsets.push_back(offset);
          weights.push_back(weight);
        }
        more = false;
        for (size_t d = k; d-- > 0;) {
          if (++w[d] < int64_t(taps[d].at.size())) {
            more = true;
            break;
          }
          w[d] = 0;
        }
      }
      for (int64_t c = 0; c != channels; ++c) {
        const double *plane = &(*xs)[size_t((n * channels + c) * inPlane)];
        double acc = 0;
        for (auto [offset, weight] : llvm::zip(offsets, weights))
          acc += weight * plane[offset];
        out[size_t((n * channels + c) * points + p)] = acc;
      }
    }
  return single(tensorOfFloats(ctx, x.getDType(), outShape, out));
}

std::optional<EvalResults> sampleAs(EvalContext &ctx, const Tensor &x, const Tensor &grid,
                                    const SamplerSpec &s) {
  if (x.getDType() != grid.getDType() || (x.getRank() != 4 && x.getRank() != 5) ||
      llvm::is_contained(x.getShape().drop_front(2), 0))
    return ctx.fail();
  if (x.getDType() == DType::Float32)
    return gridSample<float>(ctx, x, grid, s);
  if (x.getDType() == DType::Float64)
    return gridSample<double>(ctx, x, grid, s);
  return ctx.fail();
}

/// grid_sampler, grid_sampler_2d, grid_sampler_3d (input, grid,
/// interpolation_mode 0 bilinear / 1 nearest / 2 bicubic, padding_mode 0
/// zeros / 1 border / 2 reflection, align_corners).
std::optional<EvalResults> atenGridSampler(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input"), *grid = ctx.tensor("grid");
  int64_t mode = ctx.getInt("interpolation_mode", -1), padding = ctx.getInt("padding_mode", -1);
  if (!x || !grid || mode < 0 || mode > 2 || padding < 0 || padding > 2)
    return ctx.fail();
  static const Interpolation modes[] = {Interpolation::Linear, Interpolation::Nearest,
                                        Interpolation::Cubic};
  SamplerSpec s{modes[mode], Padding(padding), ctx.getInt("align_corners", 0) != 0,
                SamplerKernel::TorchVectorized};
  if (x->getRank() == 5) {
    // The 3-D kernel has no bicubic mode.
    if (s.mode == Interpolation::Cubic)
      return ctx.fail();
    s.kernel = SamplerKernel::TorchGeneric;
  } else if (x->getRank() == 4 && x->getDType() == DType::Float32) {
    // Past 32-bit gather offsets the 2-D kernel falls back to the generic one.
    int64_t reach = (x->getShape()[2] - 1) * x->getShape()[3] + x->getShape()[3] - 1;
    if (reach > std::numeric_limits<int32_t>::max())
      s.kernel = SamplerKernel::TorchGeneric;
  }
  return sampleAs(ctx, *x, *grid, s);
}

/// GridSample: mode bilinear/nearest/bicubic (opset 16) or
/// linear/nearest/cubic (opset 20), padding_mode, align_corners; cubic on
/// 4-D inputs only, as onnxruntime.
std::optional<EvalResults> onnxGridSample(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *grid = ctx.operand(1);
  if (!x || !grid)
    return ctx.fail();
  std::string mode = ctx.getString("mode", "linear"), padding = ctx.getString("padding_mode", "zeros");
  SamplerSpec s{Interpolation::Linear, Padding::Zeros, ctx.getInt("align_corners", 0) != 0,
                SamplerKernel::Onnxruntime};
  if (mode == "nearest")
    s.mode = Interpolation::Nearest;
  else if (mode == "cubic" || mode == "bicubic")
    s.mode = Interpolation::Cubic;
  else if (mode != "linear" && mode != "bilinear")
    return ctx.fail();
  if (padding == "border")
    s.padding = Padding::Border;
  else if (padding == "reflection")
    s.padding = Padding::Reflection;
  else if (padding != "zeros")
    return ctx.fail();
  if (s.mode == Interpolation::Cubic && x->getRank() != 4)
    return ctx.fail();
  return sampleAs(ctx, *x, *grid, s);
}

//===----------------------------------------------------------------------===//
// affine_grid_generator
//===----------------------------------------------------------------------===//

/// torch's linspace(-1, 1, n) in T (fused multiply-adds), times (n - 1) / n
/// without align_corners, each step rounded; 0 for a single step.
template <typename T> std::vector<double> baseLine(int64_t n, bool alignCorners) {
  std::vector<double> line(size_t(n), 0.0);
  if (n <= 1)
    return line;
  T step = (T(1) - T(-1)) / T(n - 1);
  for (int64_t i = 0; i != n; ++i) {
    T v = i < n / 2 ? std::fma(step, T(i), T(-1)) : std::fma(-step, T(n - 1 - i), T(1));
    if (!alignCorners)
      v = v * T(n - 1) / T(n);
    line[size_t(i)] = double(v);
  }
  return line;
}

/// affine_grid_generator(theta (N, k, k + 1), size [N, C, spatial...],
/// align_corners): each position's (x, y[, z], 1) times theta transposed,
/// summed in double.
std::optional<EvalResults> atenAffineGridGenerator(EvalContext &ctx) {
  const Tensor *theta = ctx.tensor("theta");
  Shape size = ctx.getIntList("size");
  bool alignCorners = ctx.getInt("align_corners", 0) != 0;
  if (!theta || ctx.hasFailed() || (size.size() != 4 && size.size() != 5))
    return ctx.fail();
  size_t k = size.size() - 2;
  DType t = theta->getDType();
  if ((t != DType::Float32 && t != DType::Float64) || theta->getRank() != 3 ||
      theta->getShape()[0] != size[0] || theta->getShape()[1] != int64_t(k) ||
      theta->getShape()[2] != int64_t(k + 1))
    return ctx.fail();
  llvm::ArrayRef<int64_t> spatial = llvm::ArrayRef<int64_t>(size).drop_front(2);
  Shape outShape{size[0]};
  outShape.append(spatial.begin(), spatial.end());
  outShape.push_back(int64_t(k));
  if (llvm::any_of(spatial, [](int64_t d) { return d < 0; }) || !ctx.withinLimit(outShape))
    return ctx.fail();
  // lines[d]: the coordinates along spatial dim k - 1 - d (x along the last).
  std::vector<std::vector<double>> lines;
  for (size_t d = 0; d != k; ++d) {
    int64_t n = spatial[k - 1 - d];
    lines.push_back(t == DType::Float32 ? baseLine<float>(n, alignCorners)
                                        : baseLine<double>(n, alignCorners));
  }
  std::vector<double> th = doublesOf(*theta), out;
  int64_t positions = getNumElements(spatial);
  out.reserve(size_t(size[0] * positions) * k);
  Shape strides = getStrides(spatial);
  for (int64_t n = 0; n != size[0]; ++n)
    for (int64_t p = 0; p != positions; ++p) {
      llvm::SmallVector<double, 4> base;
      for (size_t d = 0; d != k; ++d) {
        size_t dim = k - 1 - d;
        base.push_back(lines[d][size_t(p / strides[dim] % spatial[dim])]);
      }
      base.push_back(1.0);
      for (size_t j = 0; j != k; ++j) {
        double acc = 0;
        for (size_t i = 0; i != k + 1; ++i)
          acc += base[i] * th[size_t(n * int64_t(k * (k + 1)) + int64_t(j * (k + 1) + i))];
        out.push_back(acc);
      }
    }
  return single(tensorOfFloats(ctx, t, outShape, out));
}

//===----------------------------------------------------------------------===//
// Sliding blocks: im2col, col2im, Col2Im
//===----------------------------------------------------------------------===//

struct BlockGeometry {
  Shape image, kernel, dilation, padBegin, padEnd, stride;
};

/// For each column row of one channel (kernel position) and each block, in
/// that order, the flat image position it reads, or -1 in the padding;
/// nullopt (and a failure) for an empty or inconsistent geometry.
std::optional<std::vector<int64_t>> blockPositions(EvalContext &ctx, const BlockGeometry &g,
                                                   int64_t &numBlocks) {
  size_t n = g.image.size();
  Shape blocks;
  for (size_t d = 0; d != n; ++d) {
    int64_t reach = g.dilation[d] * (g.kernel[d] - 1) + 1;
    int64_t room = g.image[d] + g.padBegin[d] + g.padEnd[d] - reach;
    if (g.kernel[d] < 1 || g.dilation[d] < 1 || g.stride[d] < 1 || g.image[d] < 0 || room < 0)
      return ctx.fail();
    blocks.push_back(room / g.stride[d] + 1);
  }
  numBlocks = getNumElements(blocks);
  int64_t kernelSize = getNumElements(g.kernel);
  if (!ctx.withinLimit({kernelSize, numBlocks}))
    return std::nullopt;
  Shape kernelStrides = getStrides(g.kernel), blockStrides = getStrides(blocks),
        imageStrides = getStrides(g.image);
  std::vector<int64_t> positions;
  positions.reserve(size_t(kernelSize * numBlocks));
  for (int64_t kp = 0; kp != kernelSize; ++kp)
    for (int64_t b = 0; b != numBlocks; ++b) {
      int64_t flat = 0;
      for (size_t d = 0; d != n && flat >= 0; ++d) {
        int64_t i = (b / blockStrides[d] % blocks[d]) * g.stride[d] - g.padBegin[d] +
                    (kp / kernelStrides[d] % g.kernel[d]) * g.dilation[d];
        flat = i < 0 || i >= g.image[d] ? -1 : flat + i * imageStrides[d];
      }
      positions.push_back(flat);
    }
  return positions;
}

/// Adds the columns `cols` (N, C * kernel, L) into images (N, C, image...),
/// in the runtimes' order, rounding to the element type at each addition.
std::optional<EvalResults> foldColumns(EvalContext &ctx, const Tensor &cols, const BlockGeometry &g,
                                       bool unbatched) {
  Tensor x = unbatched ? cols.reshaped({1, cols.getShape()[0], cols.getShape()[1]}) : cols;
  DType t = x.getDType();
  if (x.getRank() != 3 || getNumericKind(t) != NumericKind::Float)
    return ctx.fail();
  int64_t numBlocks = 0;
  std::optional<std::vector<int64_t>> positions = blockPositions(ctx, g, numBlocks);
  if (!positions)
    return std::nullopt;
  int64_t kernelSize = getNumElements(g.kernel), rows = x.getShape()[1];
  if (x.getShape()[2] != numBlocks || rows % kernelSize != 0)
    return ctx.fail();
  int64_t batch = x.getShape()[0], channels = rows / kernelSize, plane = getNumElements(g.image);
  Shape outShape{batch, channels};
  outShape.append(g.image.begin(), g.image.end());
  if (!ctx.withinLimit(outShape))
    return std::nullopt;
  std::vector<double> xs = doublesOf(x), out(size_t(batch * channels * plane), 0.0);
  for (int64_t n = 0; n != batch; ++n)
    for (int64_t c = 0; c != channels; ++c) {
      double *image = &out[size_t((n * channels + c) * plane)];
      const double *col = &xs[size_t((n * rows + c * kernelSize) * numBlocks)];
      for (size_t e = 0; e != positions->size(); ++e)
        if (int64_t at = (*positions)[e]; at >= 0)
          image[at] = roundTo(t, image[at] + col[e]);
    }
  if (unbatched)
    outShape.erase(outShape.begin());
  return single(tensorOfFloats(ctx, t, outShape, out));
}

/// The 2-D window of im2col/col2im: kernel_size, dilation, padding, stride.
std::optional<BlockGeometry> window2d(EvalContext &ctx, llvm::ArrayRef<int64_t> image) {
  std::optional<Shape> kernel = perDim(ctx, "kernel_size", 2, 1),
                       dilation = perDim(ctx, "dilation", 2, 1),
                       padding = perDim(ctx, "padding", 2, 0), stride = perDim(ctx, "stride", 2, 1);
  if (!kernel || !dilation || !padding || !stride ||
      llvm::any_of(*padding, [](int64_t p) { return p < 0; }))
    return ctx.fail();
  return BlockGeometry{Shape(image.begin(), image.end()), *kernel, *dilation, *padding, *padding,
                       *stride};
}

/// im2col(self (N, C, H, W) or (C, H, W), ...) -> (N, C * kh * kw, L).
std::optional<EvalResults> atenIm2col(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self || (self->getRank() != 3 && self->getRank() != 4) ||
      getNumericKind(self->getDType()) != NumericKind::Float)
    return ctx.fail();
  bool unbatched = self->getRank() == 3;
  Tensor x = unbatched ? self->reshaped({1, self->getShape()[0], self->getShape()[1],
                                         self->getShape()[2]})
                       : *self;
  std::optional<BlockGeometry> g = window2d(ctx, x.getShape().drop_front(2));
  if (!g)
    return std::nullopt;
  int64_t numBlocks = 0;
  std::optional<std::vector<int64_t>> positions = blockPositions(ctx, *g, numBlocks);
  if (!positions)
    return std::nullopt;
  int64_t batch = x.getShape()[0], channels = x.getShape()[1], plane = getNumElements(g->image);
  int64_t entries = int64_t(positions->size());
  Shape outShape{batch, channels * getNumElements(g->kernel), numBlocks};
  std::optional<Tensor> out = ctx.allocate(x.getDType(), outShape);
  if (!out)
    return std::nullopt;
  for (int64_t p = 0; p != batch * channels; ++p)
    for (int64_t e = 0; e != entries; ++e)
      if (int64_t at = (*positions)[size_t(e)]; at >= 0)
        out->copyElements(p * entries + e, x, p * plane + at);
  if (unbatched)
    return single(out->reshaped({outShape[1], outShape[2]}));
  return single(std::move(*out));
}

/// col2im(self (N, C * kh * kw, L) or (C * kh * kw, L), output_size, ...).
std::optional<EvalResults> atenCol2im(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  Shape size = ctx.getIntList("output_size");
  if (!self || ctx.hasFailed() || size.size() != 2 ||
      (self->getRank() != 2 && self->getRank() != 3))
    return ctx.fail();
  std::optional<BlockGeometry> g = window2d(ctx, size);
  if (!g)
    return std::nullopt;
  return foldColumns(ctx, *self, *g, self->getRank() == 2);
}

/// Col2Im(input (N, C * prod(block_shape), L), image_shape, block_shape):
/// dilations, pads (begin..., end...), strides in 2-D; other ranks without
/// them.
std::optional<EvalResults> onnxCol2Im(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *image = ctx.operand(1), *block = ctx.operand(2);
  if (!x || !image || !block || image->getRank() != 1 || block->getRank() != 1 ||
      image->getNumElements() != block->getNumElements() || image->getNumElements() == 0)
    return ctx.fail();
  size_t n = size_t(image->getNumElements());
  BlockGeometry g;
  for (size_t d = 0; d != n; ++d) {
    g.image.push_back(image->getInt(int64_t(d)));
    g.kernel.push_back(block->getInt(int64_t(d)));
  }
  std::optional<Shape> dilation = onnxPerDim(ctx, "dilations", n, 1),
                       stride = onnxPerDim(ctx, "strides", n, 1), pads = onnxPads(ctx, n);
  if (!dilation || !stride || !pads)
    return ctx.fail();
  g.dilation = *dilation;
  g.stride = *stride;
  g.padBegin.assign(pads->begin(), pads->begin() + n);
  g.padEnd.assign(pads->begin() + n, pads->end());
  // Other than in 2-D, onnxruntime's kernel takes the dilated kernel for
  // the kernel and counts the blocks of a unit stride without padding.
  auto isOne = [](int64_t v) { return v == 1; };
  auto isZero = [](int64_t v) { return v == 0; };
  if (n != 2 && (!llvm::all_of(g.dilation, isOne) || !llvm::all_of(g.stride, isOne) ||
                 !llvm::all_of(*pads, isZero)))
    return ctx.fail();
  return foldColumns(ctx, *x, g, false);
}

//===----------------------------------------------------------------------===//
// Fractional max pooling
//===----------------------------------------------------------------------===//

/// torch's window starts along one dim from its random sample, in T;
/// nullopt where a conversion to int overflows or a window leaves the
/// input (torch reads out of bounds).
template <typename T>
std::optional<std::vector<int64_t>> fractionalStarts(double sampleValue, int64_t in, int64_t out,
                                                     int64_t pool) {
  std::vector<int64_t> starts(size_t(out), 0);
  T sample = T(sampleValue);
  auto toInt = [](T v) -> std::optional<int64_t> {
    if (!(std::fabs(v) < T(2147483647)))
      return std::nullopt;
    return int64_t(int(v));
  };
  if (out > 1) {
    T alpha = T(in - pool) / T(out - 1);
    std::optional<int64_t> base = toInt(sample * alpha);
    for (int64_t i = 0; i + 1 < out; ++i) {
      std::optional<int64_t> at = toInt((T(i) + sample) * alpha);
      if (!base || !at || *at - *base < 0 || *at - *base > in - pool)
        return std::nullopt;
      starts[size_t(i)] = *at - *base;
    }
  }
  starts[size_t(out - 1)] = in - pool;
  return starts;
}

/// fractional_max_pool2d/3d(self (N, C, spatial...) or (C, spatial...),
/// kernel_size, output_size, random_samples (N, C, n)) -> (values,
/// indices flat in the plane). In 2-D the samples are (width, height), in
/// 3-D (time, height, width).
std::optional<EvalResults> atenFractionalMaxPool(EvalContext &ctx) {
  size_t n = ctx.getOp().getName().getStringRef().contains("3d") ? 3 : 2;
  const Tensor *self = ctx.tensor("self"), *samples = ctx.tensor("random_samples");
  std::optional<Shape> kernel = perDim(ctx, "kernel_size", n, 1),
                       outSize = perDim(ctx, "output_size", n, 1);
  if (!self || !samples || !kernel || !outSize)
    return ctx.fail();
  DType t = self->getDType();
  if ((t != DType::Float32 && t != DType::Float64) || samples->getDType() != t)
    return ctx.fail();
  bool unbatched = self->getRank() == n + 1;
  if (!unbatched && self->getRank() != n + 2)
    return ctx.fail();
  Shape inShape(self->getShape().begin(), self->getShape().end());
  if (unbatched)
    inShape.insert(inShape.begin(), 1);
  int64_t batch = inShape[0], channels = inShape[1];
  llvm::ArrayRef<int64_t> in = llvm::ArrayRef<int64_t>(inShape).drop_front(2);
  if (samples->getRank() != 3 || samples->getShape()[0] != batch ||
      samples->getShape()[1] != channels || samples->getShape()[2] != int64_t(n))
    return ctx.fail();
  for (size_t d = 0; d != n; ++d)
    if ((*kernel)[d] < 1 || (*outSize)[d] < 1 || (*outSize)[d] + (*kernel)[d] - 1 > in[d])
      return ctx.fail();
  Shape outShape{batch, channels};
  outShape.append(outSize->begin(), outSize->end());
  if (!ctx.withinLimit(outShape))
    return std::nullopt;
  std::vector<double> xs = doublesOf(*self), ss = doublesOf(*samples);
  int64_t inPlane = getNumElements(in), outPlane = getNumElements(*outSize);
  Shape inStrides = getStrides(in), outStrides = getStrides(*outSize);
  std::vector<double> values;
  std::vector<int64_t> indices;
  values.reserve(size_t(batch * channels * outPlane));
  indices.reserve(values.capacity());
  for (int64_t plane = 0; plane != batch * channels; ++plane) {
    llvm::SmallVector<std::vector<int64_t>, 3> starts;
    for (size_t d = 0; d != n; ++d) {
      double sample = ss[size_t(plane * int64_t(n)) + (n == 2 ? 1 - d : d)];
      std::optional<std::vector<int64_t>> s =
          t == DType::Float32
              ? fractionalStarts<float>(sample, in[d], (*outSize)[d], (*kernel)[d])
              : fractionalStarts<double>(sample, in[d], (*outSize)[d], (*kernel)[d]);
      if (!s)
        return ctx.fail();
      starts.push_back(std::move(*s));
    }
    const double *xp = &xs[size_t(plane * inPlane)];
    for (int64_t o = 0; o != outPlane; ++o) {
      Shape first(n, 0), w(n, 0);
      int64_t best = 0;
      for (size_t d = 0; d != n; ++d) {
        first[d] = starts[d][size_t(o / outStrides[d] % (*outSize)[d])];
        best += first[d] * inStrides[d];
      }
      double max = -std::numeric_limits<double>::infinity();
      for (bool more = true; more;) {
        int64_t flat = 0;
        for (size_t d = 0; d != n; ++d)
          flat += (first[d] + w[d]) * inStrides[d];
        if (xp[flat] > max || std::isnan(xp[flat])) {
          max = xp[flat];
          best = flat;
        }
        more = false;
        for (size_t d = n; d-- > 0;) {
          if (++w[d] < (*kernel)[d]) {
            more = true;
            break;
          }
          w[d] = 0;
        }
      }
      values.push_back(max);
      indices.push_back(best);
    }
  }
  if (unbatched)
    outShape.erase(outShape.begin());
  std::optional<Tensor> y = tensorOfFloats(ctx, t, outShape, values);
  std::optional<Tensor> index = ctx.allocate(DType::Int64, outShape);
  if (!y || !index)
    return std::nullopt;
  for (size_t i = 0; i != indices.size(); ++i)
    index->setInt(int64_t(i), indices[i]);
  return EvalResults{std::move(*y), std::move(*index)};
}

} // namespace

void registerSamplingRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.Col2Im", onnxCol2Im);
  r.addUnfoldable("onnx.GridSample", onnxGridSample);

  r.addUnfoldable("aten.affine_grid_generator.default", atenAffineGridGenerator);
  r.addUnfoldable("aten.col2im.default", atenCol2im);
  r.addUnfoldable("aten.fractional_max_pool2d.default", atenFractionalMaxPool);
  r.addUnfoldable("aten.fractional_max_pool3d.default", atenFractionalMaxPool);
  r.addUnfoldable("aten.grid_sampler.default", atenGridSampler);
  r.addUnfoldable("aten.grid_sampler_2d.default", atenGridSampler);
  r.addUnfoldable("aten.grid_sampler_3d.default", atenGridSampler);
  r.addUnfoldable("aten.im2col.default", atenIm2col);
}

} // namespace pt2onnx::passes::eval
