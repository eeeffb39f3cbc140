// Text made safe inside HTML and SVG markup (element content and quoted
// attribute values): & < > " become entities.
#pragma once

#include <string>

namespace pantheon::util {

std::string html_escape(const std::string& text);

}  // namespace pantheon::util
