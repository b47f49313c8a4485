//===- Detection.cpp - Non-maximum suppression and region pooling ----------===//
//
// torchvision's nms, roi_align and roi_pool, and ONNX's NonMaxSuppression,
// RoiAlign and MaxRoiPool, computed with the kernels' arithmetic: every
// intermediate value is rounded to the element type as the CPU kernels
// (torchvision's, onnxruntime's) round it, in their order, so that a
// sample's coordinate, a bin's bounds and an IoU compared with its threshold
// are the runtime's to the bit. RoiAlign's average sums its samples in the
// kernel's order for the same reason.
//
// Both RoiAlign kernels share one algorithm: torchvision's aligned=True is
// ONNX's half_pixel mode (coordinates shifted by half a pixel), aligned=False
// output_half_pixel (boxes at least one pixel wide); ONNX adds a max mode,
// the largest weighted corner over the samples. Both roi pools round the box
// to whole pixels and take the maximum over each bin (0 for an empty bin).
//
// Declined: scores that tie or are NaN (the order of tied boxes is the
// sort's, which neither runtime fixes), non-finite boxes, batch indices out
// of range, element types the kernels do not take, and RoiAlign without an
// explicit coordinate_transformation_mode (its default changed at opset 16).
//
//===----------------------------------------------------------------------===//

#include "passes/eval/NN.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

bool allFinite(llvm::ArrayRef<double> values) {
  return llvm::all_of(values, [](double v) { return std::isfinite(v); });
}

/// The order in which both runtimes visit the boxes: decreasing score.
/// nullopt when scores tie or one is NaN.
std::optional<std::vector<int64_t>> byDecreasingScore(llvm::ArrayRef<double> scores) {
  std::vector<int64_t> order(scores.size());
  for (size_t i = 0; i != order.size(); ++i)
    order[i] = int64_t(i);
  if (llvm::any_of(scores, [](double s) { return std::isnan(s); }))
    return std::nullopt;
  std::sort(order.begin(), order.end(),
            [&](int64_t a, int64_t b) { return scores[a] > scores[b]; });
  for (size_t i = 1; i < order.size(); ++i)
    if (scores[order[i]] == scores[order[i - 1]])
      return std::nullopt;
  return order;
}

// ---- nms ----------------------------------------------------------------

// torchvision.nms.default(dets, scores, iou_threshold): the boxes
// [x1, y1, x2, y2] kept, by decreasing score, when no kept box overlaps them
// by an IoU above the threshold; computed in the boxes' type.
std::optional<EvalResults> atenNms(EvalContext &ctx) {
  const Tensor *dets = ctx.tensor("dets"), *scores = ctx.tensor("scores");
  std::optional<double> threshold = numberArg(ctx, "iou_threshold", 0);
  if (!dets || !scores || !threshold)
    return ctx.fail();
  DType t = dets->getDType();
  if ((t != DType::Float32 && t != DType::Float64) || scores->getDType() != t ||
      dets->getRank() != 2 || dets->getShape()[1] != 4 || scores->getRank() != 1 ||
      scores->getShape()[0] != dets->getShape()[0])
    return ctx.fail();
  std::vector<double> box = doublesOf(*dets), score = doublesOf(*scores);
  std::optional<std::vector<int64_t>> order = byDecreasingScore(score);
  if (!order)
    return ctx.fail();
  auto r = [t](double v) { return roundTo(t, v); };
  size_t n = score.size();
  std::vector<double> area(n);
  for (size_t i = 0; i != n; ++i)
    area[i] = r(r(box[4 * i + 2] - box[4 * i]) * r(box[4 * i + 3] - box[4 * i + 1]));
  // std::max and std::min as the kernel calls them: the first argument
  // unless the comparison says otherwise (NaN keeps it).
  auto maxOf = [](double a, double b) { return a < b ? b : a; };
  auto minOf = [](double a, double b) { return b < a ? b : a; };
  std::vector<bool> suppressed(n, false);
  std::vector<int64_t> keep;
  for (size_t oi = 0; oi != n; ++oi) {
    int64_t i = (*order)[oi];
    if (suppressed[i])
      continue;
    keep.push_back(i);
    for (size_t oj = oi + 1; oj != n; ++oj) {
      int64_t j = (*order)[oj];
      if (suppressed[j])
        continue;
      double w = maxOf(0, r(minOf(box[4 * i + 2], box[4 * j + 2]) -
                            maxOf(box[4 * i], box[4 * j])));
      double h = maxOf(0, r(minOf(box[4 * i + 3], box[4 * j + 3]) -
                            maxOf(box[4 * i + 1], box[4 * j + 1])));
      double inter = r(w * h);
      double iou = r(inter / r(r(area[i] + area[j]) - inter));
      if (iou > *threshold)
        suppressed[j] = true;
    }
  }
  std::optional<Tensor> out = ctx.allocate(DType::Int64, {int64_t(keep.size())});
  if (!out)
    return std::nullopt;
  for (size_t k = 0; k != keep.size(); ++k)
    out->setInt(k, keep[k]);
  return single(std::move(out));
}

// onnx.NonMaxSuppression(boxes [B, N, 4], scores [B, C, N],
// max_output_boxes_per_class?, iou_threshold?, score_threshold?) ->
// [selected, 3] rows (batch, class, box), as onnxruntime's kernel computes
// them in float: per batch and class, boxes above the score threshold by
// decreasing score, each kept unless a kept box of its class overlaps it by
// an IoU above the threshold, at most max_output_boxes_per_class of them
// (0, the default, keeps none).
std::optional<EvalResults> onnxNonMaxSuppression(EvalContext &ctx) {
  const Tensor *boxes = ctx.operand(0), *scores = ctx.operand(1);
  if (!boxes || !scores || boxes->getDType() != DType::Float32 ||
      scores->getDType() != DType::Float32 || boxes->getRank() != 3 || scores->getRank() != 3 ||
      boxes->getShape()[2] != 4 || boxes->getShape()[0] != scores->getShape()[0] ||
      boxes->getShape()[1] != scores->getShape()[2])
    return ctx.fail();
  auto scalarOperand = [&](unsigned i, DType t) -> std::optional<std::optional<double>> {
    if (ctx.isNone(i))
      return std::optional<double>();
    const Tensor *v = ctx.operand(i);
    if (!v || v->getDType() != t || v->getNumElements() != 1)
      return std::nullopt;
    return std::optional<double>(v->getDouble(0));
  };
  auto maxOutput = scalarOperand(2, DType::Int64);
  auto iouThreshold = scalarOperand(3, DType::Float32);
  auto scoreThreshold = scalarOperand(4, DType::Float32);
  if (!maxOutput || !iouThreshold || !scoreThreshold)
    return ctx.fail();
  int64_t centerPointBox = ctx.getInt("center_point_box", 0);
  double iouLimit = iouThreshold->value_or(0);
  if ((centerPointBox != 0 && centerPointBox != 1) || !(iouLimit >= 0 && iouLimit <= 1))
    return ctx.fail(); // onnxruntime rejects these
  int64_t perClass = std::max<int64_t>(int64_t(maxOutput->value_or(0)), 0);
  int64_t batches = boxes->getShape()[0], classes = scores->getShape()[1],
          n = boxes->getShape()[1];
  std::vector<double> box = doublesOf(*boxes), score = doublesOf(*scores);
  auto r = [](double v) { return roundTo(DType::Float32, v); };
  auto maxOf = [](double a, double b) { return a < b ? b : a; };
  auto minOf = [](double a, double b) { return b < a ? b : a; };
  // [min, max] of one box along x (axis 0) or y (axis 1).
  auto extent = [&](const double *b, int axis) -> std::pair<double, double> {
    if (centerPointBox == 1) {
      double half = r(b[2 + axis] / 2);
      return {r(b[axis] - half), r(b[axis] + half)};
    }
    double lo = b[1 - axis], hi = b[3 - axis]; // [y1, x1, y2, x2]
    return lo >= hi ? std::pair(hi, lo) : std::pair(lo, hi);
  };
  auto suppresses = [&](const double *a, const double *b) {
    double span[2];
    std::pair<double, double> ea[2], eb[2];
    for (int axis = 0; axis != 2; ++axis) {
      ea[axis] = extent(a, axis);
      eb[axis] = extent(b, axis);
      double lo = maxOf(ea[axis].first, eb[axis].first),
             hi = minOf(ea[axis].second, eb[axis].second);
      if (hi <= lo)
        return false;
      span[axis] = r(hi - lo);
    }
    double inter = r(span[0] * span[1]);
    if (inter <= 0)
      return false;
    double areaA = r(r(ea[0].second - ea[0].first) * r(ea[1].second - ea[1].first));
    double areaB = r(r(eb[0].second - eb[0].first) * r(eb[1].second - eb[1].first));
    double unionArea = r(r(areaA + areaB) - inter);
    if (areaA <= 0 || areaB <= 0 || unionArea <= 0)
      return false;
    return r(inter / unionArea) > iouLimit;
  };
  std::vector<int64_t> rows;
  for (int64_t bi = 0; perClass != 0 && bi != batches; ++bi)
    for (int64_t c = 0; c != classes; ++c) {
      const double *classScores = score.data() + (bi * classes + c) * n;
      const double *batchBoxes = box.data() + bi * n * 4;
      std::vector<double> candidates;
      std::vector<int64_t> index;
      for (int64_t i = 0; i != n; ++i)
        if (!*scoreThreshold || classScores[i] > **scoreThreshold) {
          candidates.push_back(classScores[i]);
          index.push_back(i);
        }
      std::optional<std::vector<int64_t>> order = byDecreasingScore(candidates);
      if (!order)
        return ctx.fail();
      std::vector<int64_t> kept;
      for (int64_t k : *order) {
        const double *candidate = batchBoxes + 4 * index[k];
        auto overlaps = [&](int64_t i) { return suppresses(batchBoxes + 4 * i, candidate); };
        if (llvm::any_of(kept, overlaps))
          continue;
        if (int64_t(kept.size()) >= perClass)
          break;
        kept.push_back(index[k]);
        rows.insert(rows.end(), {bi, c, index[k]});
      }
    }
  std::optional<Tensor> out = ctx.allocate(DType::Int64, {int64_t(rows.size() / 3), 3});
  if (!out)
    return std::nullopt;
  for (size_t i = 0; i != rows.size(); ++i)
    out->setInt(i, rows[i]);
  return single(std::move(out));
}

// ---- RoiAlign -------------------------------------------------------------

/// One RoiAlign: the box of each roi (x1, y1, x2, y2, unscaled) and its
/// batch index, and the kernel's parameters.
struct RoiAlignProblem {
  const Tensor *input;
  std::vector<double> boxes; // 4 per roi
  std::vector<int64_t> batch;
  double scale; // spatial_scale, in the kernel's type
  int64_t pooledH, pooledW, samplingRatio;
  bool halfPixel, max;
};

/// torchvision's and onnxruntime's RoiAlign: per bin, a grid of samples
/// (sampling_ratio per side, or as many as the bin is pixels wide, rounded
/// up), each the bilinear interpolation of its four neighbours, clamped to
/// the map and zero more than a pixel outside it; averaged in the kernel's
/// order, or (max) the largest weighted neighbour.
std::optional<EvalResults> roiAlign(EvalContext &ctx, const RoiAlignProblem &p) {
  const Tensor &x = *p.input;
  DType t = x.getDType();
  int64_t channels = x.getShape()[1], height = x.getShape()[2], width = x.getShape()[3];
  int64_t rois = int64_t(p.batch.size());
  if (p.pooledH < 1 || p.pooledW < 1 || !allFinite(p.boxes))
    return ctx.fail();
  for (int64_t b : p.batch)
    if (b < 0 || b >= x.getShape()[0])
      return ctx.fail();
  Shape shape{rois, channels, p.pooledH, p.pooledW};
  if (!ctx.withinLimit(shape))
    return std::nullopt;
  std::vector<double> in = doublesOf(x), out(getNumElements(shape));
  auto r = [t](double v) { return roundTo(t, v); };
  double offset = p.halfPixel ? 0.5 : 0;
  int64_t plane = height * width;
  struct Sample {
    int64_t pos[4];
    double w[4];
  };
  for (int64_t n = 0; n != rois; ++n) {
    const double *box = p.boxes.data() + 4 * n;
    double startW = r(r(box[0] * p.scale) - offset), startH = r(r(box[1] * p.scale) - offset);
    double endW = r(r(box[2] * p.scale) - offset), endH = r(r(box[3] * p.scale) - offset);
    double roiW = r(endW - startW), roiH = r(endH - startH);
    if (!p.halfPixel) {
      roiW = std::max(roiW, 1.0);
      roiH = std::max(roiH, 1.0);
    }
    double binH = r(roiH / double(p.pooledH)), binW = r(roiW / double(p.pooledW));
    double gridHf = p.samplingRatio > 0 ? double(p.samplingRatio)
                                        : std::ceil(r(roiH / double(p.pooledH)));
    double gridWf = p.samplingRatio > 0 ? double(p.samplingRatio)
                                        : std::ceil(r(roiW / double(p.pooledW)));
    if (gridHf * gridWf * double(p.pooledH * p.pooledW) > double(ctx.getLimit()))
      return ctx.fail();
    int64_t gridH = int64_t(gridHf), gridW = int64_t(gridWf);
    double count = double(std::max<int64_t>(gridH * gridW, 1));
    // The samples of every bin, shared by the channels.
    std::vector<Sample> samples;
    for (int64_t ph = 0; ph != p.pooledH; ++ph)
      for (int64_t pw = 0; pw != p.pooledW; ++pw)
        for (int64_t iy = 0; iy != gridH; ++iy) {
          double yy = r(r(startH + r(double(ph) * binH)) +
                        r(r(r(double(iy) + 0.5) * binH) / double(gridH)));
          for (int64_t ix = 0; ix != gridW; ++ix) {
            double xx = r(r(startW + r(double(pw) * binW)) +
                          r(r(r(double(ix) + 0.5) * binW) / double(gridW)));
            double y = yy, xc = xx;
            Sample s{{0, 0, 0, 0}, {0, 0, 0, 0}};
            if (y < -1.0 || y > double(height) || xc < -1.0 || xc > double(width)) {
              samples.push_back(s);
              continue;
            }
            y = std::max(y, 0.0);
            xc = std::max(xc, 0.0);
            int64_t yLow = int64_t(y), xLow = int64_t(xc), yHigh, xHigh;
            if (yLow >= height - 1) {
              yHigh = yLow = height - 1;
              y = double(yLow);
            } else {
              yHigh = yLow + 1;
            }
            if (xLow >= width - 1) {
              xHigh = xLow = width - 1;
              xc = double(xLow);
            } else {
              xHigh = xLow + 1;
            }
            double ly = r(y - double(yLow)), lx = r(xc - double(xLow));
            double hy = r(1 - ly), hx = r(1 - lx);
            s = {{yLow * width + xLow, yLow * width + xHigh, yHigh * width + xLow,
                  yHigh * width + xHigh},
                 {r(hy * hx), r(hy * lx), r(ly * hx), r(ly * lx)}};
            samples.push_back(s);
          }
        }
    int64_t perBin = gridH * gridW;
    for (int64_t c = 0; c != channels; ++c) {
      const double *map = in.data() + (p.batch[n] * channels + c) * plane;
      for (int64_t bin = 0; bin != p.pooledH * p.pooledW; ++bin) {
        double value = 0;
        for (int64_t k = 0; k != perBin; ++k) {
          const Sample &s = samples[bin * perBin + k];
          double v[4];
          for (int i = 0; i != 4; ++i)
            v[i] = r(s.w[i] * map[s.pos[i]]);
          if (p.max) {
            double m = v[0];
            for (int i = 1; i != 4; ++i)
              m = m < v[i] ? v[i] : m;
            value = k == 0 ? m : (value < m ? m : value);
          } else {
            value = r(value + r(r(r(v[0] + v[1]) + v[2]) + v[3]));
          }
        }
        if (!p.max)
          value = r(value / count);
        out[(n * channels + c) * p.pooledH * p.pooledW + bin] = value;
      }
    }
  }
  return single(tensorOfFloats(ctx, t, shape, out));
}

/// Whether `x` [N, C, H, W] and `rois` [K, cols] fit a region op in a type
/// the kernels take.
bool regionOperands(const Tensor *x, const Tensor *rois, int64_t cols,
                    llvm::ArrayRef<DType> types) {
  return x && rois && x->getRank() == 4 && rois->getRank() == 2 && rois->getShape()[1] == cols &&
         rois->getDType() == x->getDType() && llvm::is_contained(types, x->getDType());
}

// torchvision.roi_align.default(input, rois [K, 5] (batch, x1, y1, x2, y2),
// spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned).
std::optional<EvalResults> atenRoiAlign(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input"), *rois = ctx.tensor("rois");
  std::optional<double> scale = numberArg(ctx, "spatial_scale", 1);
  int64_t pooledH = ctx.getInt("pooled_height", 1), pooledW = ctx.getInt("pooled_width", 1);
  int64_t samplingRatio = ctx.getInt("sampling_ratio", -1);
  bool aligned = ctx.getInt("aligned", 0) != 0;
  if (ctx.hasFailed() || !scale ||
      !regionOperands(x, rois, 5, {DType::Float16, DType::Float32, DType::Float64}))
    return ctx.fail();
  RoiAlignProblem p{x, {}, {}, roundTo(x->getDType(), *scale), pooledH, pooledW,
                    samplingRatio, aligned, false};
  std::vector<double> values = doublesOf(*rois);
  for (size_t i = 0; i < values.size(); i += 5) {
    if (!std::isfinite(values[i]))
      return ctx.fail();
    p.batch.push_back(int64_t(values[i])); // truncated, as the kernel's int conversion
    p.boxes.insert(p.boxes.end(), values.begin() + i + 1, values.begin() + i + 5);
  }
  return roiAlign(ctx, p);
}

// onnx.RoiAlign(X, rois [K, 4], batch_indices [K]) with mode avg or max and
// coordinate_transformation_mode half_pixel or output_half_pixel; float and
// double, as onnxruntime registers it (spatial_scale is a float attribute).
std::optional<EvalResults> onnxRoiAlign(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *rois = ctx.operand(1), *batch = ctx.operand(2);
  if (!regionOperands(x, rois, 4, {DType::Float32, DType::Float64}) || !batch ||
      batch->getDType() != DType::Int64 || batch->getRank() != 1 ||
      batch->getShape()[0] != rois->getShape()[0] || !ctx.has("coordinate_transformation_mode"))
    return ctx.fail();
  std::string mode = ctx.getString("mode", "avg");
  std::string transform = ctx.getString("coordinate_transformation_mode", "half_pixel");
  if ((mode != "avg" && mode != "max") ||
      (transform != "half_pixel" && transform != "output_half_pixel"))
    return ctx.fail();
  RoiAlignProblem p{x,
                    doublesOf(*rois),
                    {},
                    roundTo(DType::Float32, ctx.getFloat("spatial_scale", 1)),
                    ctx.getInt("output_height", 1),
                    ctx.getInt("output_width", 1),
                    ctx.getInt("sampling_ratio", 0),
                    transform == "half_pixel",
                    mode == "max"};
  for (int64_t i = 0; i != batch->getNumElements(); ++i)
    p.batch.push_back(batch->getInt(i));
  if (ctx.hasFailed())
    return std::nullopt;
  return roiAlign(ctx, p);
}

// ---- roi pooling ------------------------------------------------------------

/// torchvision's roi_pool and onnxruntime's MaxRoiPool: the box rounded to
/// whole pixels (at least 1x1), split into pooled bins (floor/ceil of the
/// bin's bounds, clipped to the map); per bin the maximum (starting from
/// minus the largest float, NaN never taken; 0 for an empty bin) and the
/// position it came from within the plane (-1 for none). `rois` [K, 5].
std::optional<EvalResults> roiPool(EvalContext &ctx, const Tensor &x, const Tensor &rois,
                                   double scale, int64_t pooledH, int64_t pooledW,
                                   bool withArgmax) {
  DType t = x.getDType();
  int64_t channels = x.getShape()[1], height = x.getShape()[2], width = x.getShape()[3];
  int64_t k = rois.getShape()[0];
  if (pooledH < 1 || pooledW < 1)
    return ctx.fail();
  Shape shape{k, channels, pooledH, pooledW};
  if (!ctx.withinLimit(shape))
    return std::nullopt;
  std::vector<double> in = doublesOf(x), box = doublesOf(rois), out(getNumElements(shape));
  std::vector<int64_t> argmax(out.size());
  if (!allFinite(box))
    return ctx.fail();
  auto r = [t](double v) { return roundTo(t, v); };
  auto pixel = [&](double v) { return int64_t(std::round(r(v * scale))); };
  for (int64_t n = 0; n != k; ++n) {
    const double *roi = box.data() + 5 * n;
    int64_t b = int64_t(roi[0]);
    if (b < 0 || b >= x.getShape()[0])
      return ctx.fail();
    int64_t startW = pixel(roi[1]), startH = pixel(roi[2]);
    int64_t roiW = std::max<int64_t>(pixel(roi[3]) - startW + 1, 1);
    int64_t roiH = std::max<int64_t>(pixel(roi[4]) - startH + 1, 1);
    double binH = r(double(roiH) / double(pooledH)), binW = r(double(roiW) / double(pooledW));
    for (int64_t ph = 0; ph != pooledH; ++ph)
      for (int64_t pw = 0; pw != pooledW; ++pw) {
        auto clip = [](int64_t v, int64_t size) { return std::min(std::max<int64_t>(v, 0), size); };
        int64_t hStart = clip(int64_t(std::floor(r(double(ph) * binH))) + startH, height);
        int64_t hEnd = clip(int64_t(std::ceil(r(double(ph + 1) * binH))) + startH, height);
        int64_t wStart = clip(int64_t(std::floor(r(double(pw) * binW))) + startW, width);
        int64_t wEnd = clip(int64_t(std::ceil(r(double(pw + 1) * binW))) + startW, width);
        bool empty = hEnd <= hStart || wEnd <= wStart;
        for (int64_t c = 0; c != channels; ++c) {
          const double *map = in.data() + (b * channels + c) * height * width;
          double best = empty ? 0 : -double(FLT_MAX);
          int64_t at = -1;
          for (int64_t h = hStart; h < hEnd; ++h)
            for (int64_t w = wStart; w < wEnd; ++w)
              if (map[h * width + w] > best) {
                best = map[h * width + w];
                at = h * width + w;
              }
          int64_t o = ((n * channels + c) * pooledH + ph) * pooledW + pw;
          out[o] = best;
          argmax[o] = at;
        }
      }
  }
  std::optional<Tensor> y = tensorOfFloats(ctx, t, shape, out);
  if (!y)
    return std::nullopt;
  EvalResults results{std::move(*y)};
  if (withArgmax) {
    std::optional<Tensor> indices = ctx.allocate(DType::Int32, shape);
    if (!indices)
      return std::nullopt;
    for (size_t i = 0; i != argmax.size(); ++i)
      indices->setInt(i, argmax[i]);
    results.push_back(std::move(*indices));
  }
  return results;
}

// torchvision.roi_pool.default(input, rois, spatial_scale, pooled_height,
// pooled_width) -> (output, argmax int32); float and double.
std::optional<EvalResults> atenRoiPool(EvalContext &ctx) {
  const Tensor *x = ctx.tensor("input"), *rois = ctx.tensor("rois");
  std::optional<double> scale = numberArg(ctx, "spatial_scale", 1);
  int64_t pooledH = ctx.getInt("pooled_height", 1), pooledW = ctx.getInt("pooled_width", 1);
  if (ctx.hasFailed() || !scale ||
      !regionOperands(x, rois, 5, {DType::Float32, DType::Float64}))
    return ctx.fail();
  return roiPool(ctx, *x, *rois, roundTo(x->getDType(), *scale), pooledH, pooledW, true);
}

// onnx.MaxRoiPool(X, rois [K, 5]) with pooled_shape and spatial_scale (a
// float attribute); float, as onnxruntime registers it.
std::optional<EvalResults> onnxMaxRoiPool(EvalContext &ctx) {
  const Tensor *x = ctx.operand(0), *rois = ctx.operand(1);
  Shape pooled = ctx.getIntList("pooled_shape");
  if (ctx.hasFailed() || pooled.size() != 2 || !regionOperands(x, rois, 5, {DType::Float32}))
    return ctx.fail();
  return roiPool(ctx, *x, *rois, roundTo(DType::Float32, ctx.getFloat("spatial_scale", 1)),
                 pooled[0], pooled[1], false);
}

} // namespace

void registerDetectionRules(EvalRegistry &r) {
  r.addUnfoldable("onnx.MaxRoiPool", onnxMaxRoiPool);
  r.addUnfoldable("onnx.NonMaxSuppression", onnxNonMaxSuppression);
  r.addUnfoldable("onnx.RoiAlign", onnxRoiAlign);
  r.addUnfoldable("torchvision.nms.default", atenNms);
  r.addUnfoldable("torchvision.roi_align.default", atenRoiAlign);
  r.addUnfoldable("torchvision.roi_pool.default", atenRoiPool);
}

} // namespace pt2onnx::passes::eval
