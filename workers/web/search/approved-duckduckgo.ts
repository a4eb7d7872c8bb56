/**
 * Hand-approved readings of the recorded DuckDuckGo pages in shared/fixtures/search/duckduckgo:
 * every result's title, real address and snippet, checked by eye against the page (markup
 * collapsed to single spaces, entities decoded, uddg redirects decoded). The tests compare the
 * parsers with these, never with the parsers' own output.
 */
import type { SearchHit } from "./hits.ts"

/** eino-ext_html_eino_results.html: 2025 markup, direct links. */
export const einoHtml2025: ReadonlyArray<SearchHit> = [
  {
    title: "GitHub - cloudwego/eino: The ultimate LLM/AI application development ...",
    url: "https://github.com/cloudwego/eino",
    snippet:
      "Eino is a framework for building LLM applications in Golang, inspired by LangChain and LlamaIndex. It provides component abstractions, orchestration APIs, best practices, tools and examples for LLM development.",
  },
  {
    title: "Eino: 概述 | CloudWeGo",
    url: "https://www.cloudwego.io/zh/docs/eino/overview/",
    snippet:
      'Eino: 概述 简介. Eino[\'aino] (近似音: i know，希望框架能达到 "i know" 的愿景) 旨在提供基于 Golang 语言的终极大模型应用开发框架。 它从开源社区中的诸多优秀 LLM 应用开发框架，如 LangChain 和 LlamaIndex 等获取灵感，同时借鉴前沿研究成果与实际应用，提供了一个强调简洁性、可扩展性、可靠性与 ...',
  },
  {
    title: "Eino - 字节跳动开源的大模型应用开发框架 | AI工具集",
    url: "https://ai-bot.cn/eino/",
    snippet:
      "Eino 是字节跳动开源的大模型应用开发框架，能帮助开发者高效构建基于大模型的 AI 应用。Eino以 Go 语言为基础，具备稳定的内核、灵活的扩展性和完善的工具生态。Eino 的核心是组件化设计，基于定义不同的组件（如 ChatModel、Lambda 等）和编排方式（如 Chain 和 Graph），开发者能灵活地构建复杂的 ...",
  },
  {
    title: "Large Language Model Application Development Framework — Eino is Now ...",
    url: "https://cloudwego.cn/docs/eino/overview/eino_open_source/",
    snippet:
      'Today, after more than six months of internal use and iteration at ByteDance, the Golang-based comprehensive LLM application development framework — Eino, has been officially open-sourced on CloudWeGo! Based on clear "component" definitions, Eino provides powerful process "orchestration" covering the entire development lifecycle, aiming to help developers create the most ...',
  },
  {
    title: "ByteDance Open Sources Eino: Golang LLM Development Framework",
    url: "https://stable-learn.com/en/eino-open-source-announcement/",
    snippet:
      "Eino is an open-source framework for creating LLM applications in Golang, with stable core, agile extension, and high reliability. It supports various orchestration paradigms, component extensions, and tool ecosystem for LLM development.",
  },
  {
    title: "万字解读带你跑通 Eino，带你在 2025 打通 Go LLM 应用开发的任督二脉 想不到 2025 年刚 - 掘金",
    url: "https://juejin.cn/post/7460126710085091367",
    snippet:
      "Eino 是 CloudWeGo 团队开源的基于 Golang 的 AI 应用开发框架，支持多种 LLM 模型和组件，提供了简洁、可扩展、可靠、有效的开发体验。本文介绍了 Eino 的特点、组成、使用方法和示例，帮助 Go 开发者在 2025 年打通 LLM 应用开发。",
  },
  {
    title: "Eino: User Manual | CloudWeGo",
    url: "https://www.cloudwego.io/docs/eino/",
    snippet:
      "Eino aims to provide an AI application development framework built with Go. Eino refers to many excellent AI application development frameworks in the open-source community, such as LangChain, LangGraph, LlamaIndex, etc., and provides an AI application development framework that is more in line with the programming habits of Golang.",
  },
  {
    title: "eino package - github.com/cloudwego/eino - Go Packages",
    url: "https://pkg.go.dev/github.com/cloudwego/eino",
    snippet:
      "Eino is a Golang package that aims to be the ultimate LLM application development framework. It provides component abstractions, orchestration APIs, best practices, tools and examples for building LLM applications.",
  },
  {
    title: "GitHub - cloudwego/eino-ext: Various extensions for the Eino framework ...",
    url: "https://github.com/cloudwego/eino-ext",
    snippet:
      "Eino-ext is a project that hosts various extensions for the Eino framework, a powerful and flexible framework for building LLM applications. The extensions include component implementations, callback handlers, and devops tools for Eino.",
  },
  {
    title: "Eino - Wikipedia",
    url: "https://en.wikipedia.org/wiki/Eino",
    snippet:
      "Eino is a Finnish and Estonian masculine given name derived from Henri or Enewald. It is also the name of many notable people in various fields, such as sports, politics, arts and science.",
  },
]

/** glassfox56_html_openclaw_uddg_2026.html: 2026 markup, uddg links; the zero-click box is not a result. */
export const openclawHtml2026: ReadonlyArray<SearchHit> = [
  {
    title: "OpenClaw — Personal AI Assistant",
    url: "https://openclaw.ai/",
    snippet:
      "OpenClaw The AI that actually does things. Clears your inbox, sends emails, manages your calendar, checks you in for flights. All from WhatsApp, Telegram, or any chat app you already use. New OpenClaw Partners with VirusTotal for Skill Security →",
  },
  {
    title: "OpenClaw | The AI That Actually Does Things",
    url: "https://openclaws.io/",
    snippet:
      "OpenClaw The AI That Actually Does Things. Join thousands of developers automating their lives. From clearing inboxes to managing calendars, all from your favorite chat app.",
  },
  {
    title: "OpenClaw — Personal AI Assistant - GitHub",
    url: "https://github.com/openclaw/openclaw",
    snippet:
      "OpenClaw is a personal AI assistant you run on your own devices. It answers you on the channels you already use (WhatsApp, Telegram, Slack, Discord, Google Chat, Signal, iMessage, Microsoft Teams, WebChat), plus extension channels like BlueBubbles, Matrix, Zalo, and Zalo Personal.",
  },
  {
    title: "OpenClaw - Wikipedia",
    url: "https://en.wikipedia.org/wiki/OpenClaw",
    snippet:
      "OpenClaw (formerly Clawdbot and Moltbot) is a free and open-source autonomous artificial intelligence (AI) agent developed by Peter Steinberger. It is an autonomous agent that can execute tasks via large language models, using messaging platforms as its main user interface.",
  },
  {
    title: "What Is OpenClaw, Formerly Moltbot? Everything You Need To Know - Forbes",
    url: "https://www.forbes.com/sites/kateoflahertyuk/2026/02/06/what-is-openclaw-formerly-moltbot--everything-you-need-to-know/",
    snippet:
      "OpenClaw, formerly Moltbot, has burst into the mainstream. Here's everything you need to know about the viral AI agent now known as OpenClaw.",
  },
  {
    title: "OpenClaw Architecture, Explained: How It Works",
    url: "https://ppaolo.substack.com/p/openclaw-system-architecture-overview",
    snippet:
      "How OpenClaw works: A technical analysis of OpenClaw's architecture, the self-hosted AI agent platform. Gateway, runtime, sessions, tools, and multi-channel deployment explained.",
  },
  {
    title: "How to install OpenClaw on macOS, Linux, and Windows",
    url: "https://bitlaunch.io/blog/install-configure-openclaw/",
    snippet:
      "Learn to install OpenClaw/ClawdBot on Windows, Linux, and macOS, including configuring API keys, setting up Telegram or WhatsApp messaging, and more.",
  },
  {
    title: "OpenClaw Is the Hot New AI Agent, But Is It Safe to Use? - PCMag",
    url: "https://www.pcmag.com/news/openclaw-is-the-hot-new-ai-agent-but-is-it-safe-to-use",
    snippet:
      "Previously Clawdbot and then Moltbot, this agent can take actions without you having to prompt it and make those decisions by accessing large swaths of your digital life.",
  },
  {
    title: "What is OpenClaw? Your Open-Source AI Assistant for 2026",
    url: "https://www.digitalocean.com/resources/articles/what-is-openclaw",
    snippet:
      "Learn what OpenClaw (aka Moltbot and Clawdbot) is and how this local, open source AI assistant can run scripts, manage files, and automate around the clock.",
  },
  {
    title: "OpenClaw - OpenClaw",
    url: "https://docs.openclaw.ai/",
    snippet:
      "OpenClaw is a self-hosted gateway that connects your favorite chat apps — WhatsApp, Telegram, Discord, iMessage, and more — to AI coding agents like Pi. You run a single Gateway process on your own machine (or a server), and it becomes the bridge between your messaging apps and an always-available AI assistant.",
  },
]

/** simpleai_lite_weather_san_francisco.html: the lite page, uddg links. */
export const weatherLite2026: ReadonlyArray<SearchHit> = [
  {
    title: "10 Day Weather - Downtown, San Francisco, California",
    url: "https://weather.com/weather/tenday/l/San%20Francisco%20CA%20USCA0987:1:US",
    snippet:
      "Be prepared with the most accurate 10-day forecast for Downtown, San Francisco, California with highs, lows, chance of precipitation from The Weather Channel and Weather.com",
  },
  {
    title: "San Francisco, CA Weather Forecast | AccuWeather",
    url: "https://www.accuweather.com/en/us/san-francisco/94103/weather-forecast/347629",
    snippet: "San Francisco, CA Weather Forecast, with current conditions, wind, air quality, and what to expect for the next 3 days.",
  },
  {
    title: "7-Day Forecast 37.77N 122.41W - National Weather Service",
    url: "https://forecast.weather.gov/zipcity.php?inputstring=San+Francisco,CA",
    snippet:
      "Your local forecast office is San Francisco Bay Area/Monterey, CA Lake-effect Snow and Whiteout Conditions in the Great Lakes Region; Below-average Temperatures in the East Heavy lake-effect and lake-enhanced snow will persist downwind of the Great Lakes and produce some whiteout conditions that could cause difficult travel conditions.",
  },
  {
    title: "San Francisco Weather Forecast",
    url: "https://www.weather-forecast.com/locations/San-Francisco/forecasts/latest",
    snippet:
      "San Francisco Weather Forecast. Providing a local hourly San Francisco weather forecast of rain, sun, wind, humidity and temperature. The Long-range 12 day forecast also includes detail for San Francisco weather today.",
  },
  {
    title: "San Francisco, CA Weather Conditions - Weather Underground",
    url: "https://www.wunderground.com/weather/us/ca/san-francisco",
    snippet:
      "San Francisco Weather Forecasts. Weather Underground provides local & long-range weather forecasts, weatherreports, maps & tropical weather conditions for the San Francisco area.",
  },
  {
    title: "San Francisco 14 Day Weather Forecast",
    url: "https://world-weather.info/forecast/usa/san_francisco/14days/",
    snippet:
      "Detailed forecast in San Francisco for 14 days. Air temperature, wind speed, humidity and pressure. Weather forecast in 300000 cities",
  },
  {
    title: "San Francisco, 8 to 14 Day Extended Weather Forecast (°C)",
    url: "https://www.weatherforyou.com/report/co/san+francisco-extended",
    snippet:
      "Get the 8 to 14 day extended weather forecast for San Francisco, in Celsius. Detailed forecasts with temperature, precipitation, wind and more.",
  },
  {
    title: "San Francisco, CA Weather Forecast, Conditions, and Maps - Yahoo Weather",
    url: "https://weather.yahoo.com/us/ca/san-francisco",
    snippet: "Mostly Sunny today with a high of 67°F and a low of 45°F.",
  },
  {
    title: "Live Doppler 7 | Bay Area Weather News - ABC7 San Francisco",
    url: "https://abc7news.com/weather/",
    snippet:
      "No one covers San Francisco weather and the surrounding Bay Area like ABC7. KGO covers forecasts, weather maps, alerts, video, street-level weather and more.",
  },
  {
    title: "San Francisco Bay Area Weather | KRON4",
    url: "https://www.kron4.com/weather-san-francisco/",
    snippet:
      "See the latest San Francisco weather forecast, current conditions, and live radar. Keep up to date on all San Francisco weather news with KRON4.",
  },
]
