#include "util/json.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace pantheon::util {
namespace {

TEST(Json, RoundTripKeepsKeyOrderAndValues) {
    Json j = Json::object();
    j["name"] = "a \"quoted\"\nline";
    j["n"] = 42;
    j["x"] = 0.125;
    j["ok"] = true;
    j["none"] = nullptr;
    j["list"] = Json::array({1, "two", Json::array({3, 4})});
    for (int indent : {-1, 1, 2}) {
        std::string error;
        const auto back = parse_json(json_text(j, indent), &error);
        ASSERT_TRUE(back) << error;
        EXPECT_EQ(json_text(*back), json_text(j));
        EXPECT_EQ(json_string(json_field(*back, "name")), "a \"quoted\"\nline");
        EXPECT_EQ(json_int(json_field(*back, "n")), 42);
        EXPECT_EQ(json_number(json_field(*back, "x")), 0.125);
        EXPECT_TRUE(json_field(*back, "none").is_null());
        EXPECT_EQ(json_int(json_array(json_array(json_field(*back, "list"))[2])[1]), 4);
    }
    EXPECT_EQ(json_text(j), R"({"name":"a \"quoted\"\nline","n":42,"x":0.125,"ok":true,)"
                            R"("none":null,"list":[1,"two",[3,4]]})");
}

// Seeds and hashes use all 64 bits: above 2^53 a double would round them.
TEST(Json, SixtyFourBitIntegersAreExact) {
    const uint64_t seed = 0xFEDCBA9876543211ull;  // above 2^63
    const int64_t count = (int64_t(1) << 53) + 1;
    Json j = Json::object();
    j["seed"] = seed;
    j["count"] = count;
    j["most"] = std::numeric_limits<uint64_t>::max();
    j["least"] = std::numeric_limits<int64_t>::min();
    const std::string text = json_text(j, 2);
    EXPECT_NE(text.find("18364758544493064721"), std::string::npos) << text;
    EXPECT_NE(text.find("9007199254740993"), std::string::npos) << text;
    const auto back = parse_json(text);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->at("seed").get<uint64_t>(), seed);
    EXPECT_EQ(json_int(back->at("count")), count);
    EXPECT_EQ(back->at("most").get<uint64_t>(), std::numeric_limits<uint64_t>::max());
    EXPECT_EQ(json_int(back->at("least")), std::numeric_limits<int64_t>::min());
    EXPECT_THROW(json_int(back->at("seed")), JsonError);  // beyond int64: refused, not wrapped
}

// The layout of the state files: one key a line, arrays of plain values on one line.
TEST(Json, IndentedTextKeepsPlainArraysOnOneLine) {
    Json j = Json::object();
    j["players"] = Json::array({"a", "b"});
    j["pairs"] = Json::array({Json::array({0, 1})});
    j["empty"] = Json::array();
    j["none"] = Json::object();
    EXPECT_EQ(json_text(j, 1),
              "{\n \"players\": [\"a\", \"b\"],\n \"pairs\": [\n  [0, 1]\n ],\n"
              " \"empty\": [],\n \"none\": {}\n}");
}

TEST(Json, NumbersAreWrittenSoTheyReadBackTheSame) {
    Json j = Json::array({0.1, 1.0 / 3, 3.0, -2.5e-12, std::numeric_limits<double>::infinity()});
    EXPECT_EQ(json_text(j), "[0.1,0.3333333333333333,3.0,-2.5e-12,null]");
}

TEST(Json, BadUtf8IsReplacedNotFatal) {
    Json j = Json::object();
    j["name"] = std::string(
        "a\xff"
        "b");
    std::string text;
    EXPECT_NO_THROW(text = json_text(j));
    EXPECT_EQ(text,
              "{\"name\":\"a\xef\xbf\xbd"
              "b\"}");
}

TEST(Json, RejectsMalformedInputWithAMessage) {
    for (const char* bad :
         {"", "{", "[1,]", "{\"a\" 1}", "tru", "\"open", "[1] x", "{\"a\":-}", "01"}) {
        std::string error;
        EXPECT_FALSE(parse_json(bad, &error)) << bad;
        EXPECT_FALSE(error.empty()) << bad;
    }
    EXPECT_EQ(json_string(*parse_json("\"\\u00e9\"")), "\xc3\xa9");
}

TEST(Json, TypedAccessNamesWhatIsWrong) {
    const auto j = parse_json(R"({"a": "text", "b": 3.0, "c": 3.5, "d": [1]})");
    ASSERT_TRUE(j);
    try {
        json_int(json_field(*j, "a"));
        FAIL() << "a string read as an integer";
    } catch (const JsonError& e) {
        EXPECT_STREQ(e.what(), "expected an integer, found string");
    }
    try {
        json_field(*j, "missing");
        FAIL() << "a missing key was found";
    } catch (const JsonError& e) {
        EXPECT_STREQ(e.what(), "missing key 'missing'");
    }
    EXPECT_EQ(json_int(json_field(*j, "b")), 3);  // an integral float, as hand edits write it
    EXPECT_THROW(json_int(json_field(*j, "c")), JsonError);
    EXPECT_THROW(json_string(json_field(*j, "d")), JsonError);
    EXPECT_THROW(json_field(json_field(*j, "d"), "x"), JsonError);
    EXPECT_EQ(json_find(*j, "missing"), nullptr);
    EXPECT_EQ(json_find(json_field(*j, "d"), "x"), nullptr);
}

}  // namespace
}  // namespace pantheon::util
