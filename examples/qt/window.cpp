/*
 * The Qt 6 host's window (window.hpp): drawing, and the engine on Qt's
 * event loop. Timers are one single-shot QTimer (set_timer), flushes a
 * queued call (request_flush), the clock a QElapsedTimer (now).
 */
#include "window.hpp"

#include <QAccessible>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QResizeEvent>
#include <QToolBar>

#include <cmath>
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
#include <QAccessibleAnnouncementEvent>
#endif
#include <cstdio>

namespace {

QString text_of(const std::optional<std::string> &s) { return QString::fromStdString(s.value_or("")); }

/** One line of the reasons panel: the reason's code, then its sentence. */
QString reason_line(const xyz::alert &alert) {
    xyz::why why = alert.why();
    return QStringLiteral("%1: [%2] %3")
        .arg(text_of(alert.id()), QString::fromUtf8(xyz::to_string(why.code).data()), QString::fromStdString(why.sentence));
}

const char *const card_style = "Card { background: white; border: 3px solid #3465a4; border-radius: 6px; }";
const char *const toast_style = "Card { background: #4e9a06; border: 2px solid #4e9a06; border-radius: 4px; }"
                                "Card QLabel { color: white; font-weight: bold; }";
const char *const held_style = "Card { background: #4e9a06; border: 2px solid #fce94f; border-radius: 4px; }"
                               "Card QLabel { color: white; font-weight: bold; }";

}  // namespace

// ---- Card

Card::Card(Window &window, const xyz::alert &alert, bool toast, QWidget *parent)
    : QFrame(parent), window_(window), alert_(alert), toast_(toast) {
    setStyleSheet(toast ? toast_style : card_style);
    auto *layout = toast ? static_cast<QBoxLayout *>(new QHBoxLayout(this)) : new QVBoxLayout(this);
    title_ = new QLabel(this);
    message_ = new QLabel(this);
    message_->setWordWrap(true);
    message_->setMaximumWidth(280);
    buttons_ = new QWidget(this);
    new QHBoxLayout(buttons_);
    buttons_->layout()->setContentsMargins(0, 0, 0, 0);
    if (!toast) {
        QFont font = title_->font();
        font.setBold(true);
        font.setPointSize(font.pointSize() + 2);
        title_->setFont(font);
    }
    layout->addWidget(title_);
    layout->addWidget(message_);
    layout->addWidget(buttons_);
    fill();
}

void Card::fill() {
    show_title();
    message_->setText(text_of(alert_.message()));
    message_->setVisible(alert_.message().has_value());
    // Later, not now: the button may be the one whose click brought us here.
    for (QPushButton *old : buttons_->findChildren<QPushButton *>(QString(), Qt::FindDirectChildrenOnly)) {
        old->hide();
        old->setObjectName(QString());
        old->deleteLater();
    }
    std::vector<xyz::action> actions = alert_.actions();
    for (std::size_t i = 0; i < actions.size(); i++) {
        auto *button = new QPushButton(QString::fromStdString(actions[i].title), buttons_);
        button->setObjectName(QString::fromStdString(actions[i].id));
        connect(button, &QPushButton::clicked, this, [this, i] { window_.act(alert_, i); });
        buttons_->layout()->addWidget(button);
    }
    adjustSize();
}

void Card::set_held(bool held) {
    if (held == held_) {
        return;
    }
    held_ = held;
    try {
        held ? alert_.hold() : alert_.unhold();
    } catch (const xyz::error &e) {  // it ended meanwhile
        window_.note(QString::fromUtf8(e.what()));
    }
    setStyleSheet(held ? held_style : toast_style);
    show_title();
}

void Card::show_title() {
    title_->setText(text_of(alert_.title()) + (held_ ? QStringLiteral("  (held)") : QString()));
    adjustSize();
    if (toast_) {
        window_.place_toasts();
    }
}

void Card::enterEvent(QEnterEvent *event) {
    QFrame::enterEvent(event);
    if (toast_) {
        set_held(true);
    }
}

void Card::leaveEvent(QEvent *event) {
    QFrame::leaveEvent(event);
    if (toast_) {
        set_held(false);
    }
}

// ---- PageHost: each callback, handed to the window

void PageHost::show(xyz::alert &alert, std::string_view, void *) { window_.draw(alert, page_); }
void PageHost::hide(xyz::alert &alert, xyz::hide_reason) { window_.set_drawn(alert, false); }
void PageHost::unhide(xyz::alert &alert) { window_.set_drawn(alert, true); }
void PageHost::remove(xyz::alert &alert, xyz::end_reason) { window_.erase(alert); }
void PageHost::finish(xyz::alert &alert, xyz::end_reason) { window_.erase(alert); }  // queued ones end without remove
void PageHost::update(xyz::alert &alert) { window_.redraw(alert); }
void PageHost::announce(xyz::alert &, xyz::politeness politeness, std::string_view text) {
    window_.say(politeness, QString::fromUtf8(text.data(), static_cast<int>(text.size())));
}
void PageHost::request_flush(xyz::dispatch_ref) { window_.flush_later(); }
double PageHost::now() { return window_.clock(); }
void PageHost::set_timer(xyz::dispatch_ref, double delay) { window_.start_timer(delay); }
void PageHost::campaign(xyz::dispatch_ref, std::string_view campaign, xyz::campaign_event,
                        std::optional<std::string_view> reason, xyz::alert *instance) {
    window_.campaign_event(std::string(campaign), reason, instance);
}

// ---- Window

Window::Window(const QString &policy, const QString &history)
    : policy_(xyz::catalog::load_file(policy.toStdString())), history_path_(history) {
    clock_.start();
    setWindowTitle(QStringLiteral("XYZAlert (Qt)"));
    resize(900, 600);

    // The display history: loaded if there is one, in a new session.
    try {
        history_.load_file(history.toStdString(), /*missing_ok=*/true);
    } catch (const xyz::error &e) {
        notes_ << QStringLiteral("history not loaded, starting afresh: %1").arg(QString::fromUtf8(e.what()));
    }
    history_.begin_session();
    policy_.apply_caps(history_);

    // The widgets: toolbar, tabs beside the reasons panel, the strip below.
    auto *toolbar = addToolBar(QStringLiteral("alerts"));
    auto *central = new QWidget(this);
    auto *column = new QVBoxLayout(central);
    auto *row = new QHBoxLayout();
    tabs_ = new QTabWidget(central);
    reasons_ = new QPlainTextEdit(central);
    reasons_->setReadOnly(true);
    reasons_->setFixedWidth(300);
    reasons_->setStyleSheet(QStringLiteral("background: #fffdf0;"));
    row->addWidget(tabs_, 1);
    row->addWidget(reasons_);
    column->addLayout(row, 1);
    announcements_ = new QLabel(central);
    announcements_->setStyleSheet(QStringLiteral("background: #fce94f; padding: 4px;"));
    column->addWidget(announcements_);
    setCentralWidget(central);
    toasts_ = new QWidget(central);
    toast_layout_ = new QVBoxLayout(toasts_);
    toast_layout_->setContentsMargins(0, 0, 0, 0);

    // The pages: the window's root, and one per tab its alerts name.
    for (const std::string &id : policy_.ids()) {
        QJsonObject meta = QJsonDocument::fromJson(QByteArray::fromStdString(policy_.create_alert(id).meta().value_or("{}")))
                               .object();
        std::string tab = meta.value(QStringLiteral("tab")).toString(QStringLiteral("window")).toStdString();
        tab_of_[id] = tab;
        if (tab != "window" && !tab_pages_.count(tab)) {
            auto *page = new QWidget(tabs_);
            page->setObjectName(QString::fromStdString(tab));
            auto *lines = new QVBoxLayout(page);
            auto *heading = new QLabel(QString::fromStdString(tab).toUpper(), page);
            lines->addWidget(heading);
            for (int i = 1; i <= 5; i++) {
                lines->addWidget(new QLabel(QStringLiteral("%1 item %2: nothing urgent here.").arg(QString::fromStdString(tab)).arg(i), page));
            }
            lines->addStretch(1);
            page->installEventFilter(this);
            tabs_->addTab(page, QString::fromStdString(tab));
            tab_pages_[tab] = page;
        }
        toolbar->addAction(QStringLiteral("+ %1").arg(QString::fromStdString(id)), this, [this, id] { add(id); });
    }
    toolbar->addSeparator();
    toolbar->addAction(QStringLiteral("start task"), this, [this] { track("task_started"); });
    toolbar->addAction(QStringLiteral("complete task"), this, [this] { track("task_completed"); });

    hosts_["window"] = std::make_unique<PageHost>(*this, "window");
    pages_["window"] = std::make_unique<xyz::dispatch>(*hosts_["window"]);
    xyz::dispatch &root = *pages_["window"];
    root.set_name("window");
    root.set_history(history_);
    root.set_lane_limit("toast", 3);  // a stack of three toasts
    for (const auto &[tab, widget] : tab_pages_) {
        hosts_[tab] = std::make_unique<PageHost>(*this, tab);
        pages_[tab] = std::make_unique<xyz::dispatch>(*hosts_[tab]);
        pages_[tab]->set_name(tab);
        pages_[tab]->set_parent(root);
        pages_[tab]->page_did_appear();
    }
    root.page_did_appear();
    // The campaign asks for a rating after every third completed task.
    root.set_campaigns(policy_);
    root.set_attributes(R"({"rated": false})");
    connect(tabs_, &QTabWidget::currentChanged, this, [this](int index) {
        select(tabs_->widget(index)->objectName().toStdString());
    });
    select(tabs_->widget(0)->objectName().toStdString());

    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, [this] { pages_.at("window")->tick(); });
    refresh();
}

Window::~Window() {
    timer_.stop();
    // The tabs' pages, then the root: their live alerts end (the callbacks
    // still find every widget).
    for (auto &[name, page] : pages_) {
        if (name != "window") {
            page.reset();
        }
    }
    pages_.clear();
}

xyz::alert Window::add(const std::string &id) {
    xyz::alert alert = policy_.create_alert(id);
    live_.push_back(alert);
    try {
        pages_.at(tab_of_.at(id))->add(alert);
    } catch (const xyz::error &e) {  // a duplicate id, for instance
        note(QString::fromUtf8(e.what()));
    }
    if (alert.state() == xyz::state::finished && alert.why().end_reason == xyz::end_reason::capped) {
        note(QStringLiteral("'%1' was not shown: a frequency cap holds it").arg(QString::fromStdString(id)));
    }
    refresh_later();
    return alert;
}

void Window::select(const std::string &tab) {
    pages_.at("window")->set_active_child(*pages_.at(tab));
    QWidget *page = tab_pages_.at(tab);
    if (tabs_->currentWidget() != page) {
        tabs_->setCurrentWidget(page);  // currentChanged calls select again: the same child, nothing happens
    }
    refresh_later();
}

void Window::track(const std::string &event) {
    pages_.at("window")->track(event);
    refresh_later();
}

void Window::act(xyz::alert alert, std::size_t index) {
    try {
        if (alert.id() == "rating" && alert.actions().at(index).id == "rate") {
            pages_.at("window")->set_attribute("rated", "true");  // the campaign admits no other
        }
        alert.trigger_action(index);
    } catch (const xyz::error &e) {
        note(QString::fromUtf8(e.what()));
    }
}

void Window::save_history() {
    QDir().mkpath(QFileInfo(history_path_).absolutePath());
    history_.save_file(history_path_.toStdString());
}

void Window::note(const QString &text) {
    notes_.prepend(text);
    refresh_later();
}

Card *Window::card(const xyz::alert &alert) const {
    auto found = cards_.find(alert.get());
    return found == cards_.end() ? nullptr : found->second;
}

int Window::visible_toasts() const {
    int count = 0;
    for (const auto &[handle, card] : cards_) {
        count += card->is_toast() && card->isVisible();
    }
    return count;
}

// ---- drawing (the page hosts call these)

void Window::draw(const xyz::alert &alert, const std::string &page) {
    bool toast = alert.lane() == "toast";
    QWidget *parent = toast ? toasts_ : tab_pages_.count(page) ? tab_pages_.at(page) : centralWidget();
    auto *card = new Card(*this, alert, toast, parent);
    cards_[alert.get()] = card;
    if (toast) {
        toast_layout_->addWidget(card);
    }
    set_drawn(alert, true);
}

void Window::set_drawn(const xyz::alert &alert, bool visible) {
    Card *drawn = card(alert);
    if (!drawn) {
        return;
    }
    drawn->setVisible(visible);
    if (drawn->is_toast()) {
        place_toasts();
    } else {
        place_cards(drawn->parentWidget());
    }
    refresh_later();
}

void Window::erase(const xyz::alert &alert) {
    auto found = cards_.find(alert.get());
    if (found != cards_.end()) {
        Card *drawn = found->second;
        cards_.erase(found);
        drawn->hide();
        // Not deleted here: a button of this card may be what called the engine.
        drawn->deleteLater();
        if (drawn->is_toast()) {
            place_toasts();
        }
    }
    refresh_later();
}

void Window::redraw(const xyz::alert &alert) {
    if (Card *drawn = card(alert)) {
        drawn->fill();
    }
}

void Window::say(xyz::politeness politeness, const QString &text) {
    said_.prepend((politeness == xyz::politeness::assertive ? QStringLiteral("! ") : QString()) + text);
    while (said_.size() > 3) {
        said_.removeLast();
    }
    // The strip shows what a screen reader is told. Qt 6.8 and later also
    // tell the screen reader itself, as an announcement.
    announcements_->setText(QStringLiteral("Announced: ") + said_.join(QStringLiteral("  |  ")));
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
    QAccessibleAnnouncementEvent event(this, text);
    event.setPoliteness(politeness == xyz::politeness::assertive ? QAccessible::AnnouncementPoliteness::Assertive
                                                                  : QAccessible::AnnouncementPoliteness::Polite);
    QAccessible::updateAccessibility(&event);
#endif
}

void Window::flush_later() {
    // Deferred mode: the engine's work runs once, on the next turn of the loop.
    flushing_ = true;
    QMetaObject::invokeMethod(
        this, [this] {
            flushing_ = false;
            if (pages_.count("window")) {
                pages_.at("window")->flush();
            }
        },
        Qt::QueuedConnection);
}

void Window::start_timer(double delay) {
    if (delay < 0) {
        timer_.stop();  // no countdown runs
    } else {
        timer_.start(static_cast<int>(std::ceil(delay * 1000)));
    }
}

void Window::campaign_event(const std::string &campaign, std::optional<std::string_view> reason, xyz::alert *instance) {
    QString name = QString::fromStdString(campaign);
    if (instance) {
        live_.push_back(*instance);  // explained in the panel while it waits
        note(QStringLiteral("campaign '%1': %2 in %3 s").arg(name, text_of(instance->id())).arg(instance->show_after()));
    } else {
        note(QStringLiteral("campaign '%1' skipped: %2").arg(name, QString::fromUtf8(reason.value_or("").data(),
                                                                                         static_cast<int>(reason.value_or("").size()))));
    }
}

void Window::refresh_later() {
    if (!refreshing_) {
        refreshing_ = true;
        QTimer::singleShot(0, this, [this] { refresh(); });
    }
}

void Window::refresh() {
    refreshing_ = false;
    QStringList lines;
    for (int i = 0; i < notes_.size() && i < 4; i++) {
        lines << QStringLiteral("! ") + notes_[i];
    }
    lines << QStringLiteral("Why each live alert is where it is:") << QString();
    live_.erase(std::remove_if(live_.begin(), live_.end(), [](const xyz::alert &a) { return a.state() == xyz::state::finished; }),
                live_.end());
    for (const xyz::alert &alert : live_) {
        lines << reason_line(alert) << QString();
    }
    reasons_->setPlainText(lines.join(QLatin1Char('\n')));
    // The title names the dialog on the selected tab, if one shows.
    QString title = QStringLiteral("XYZAlert (Qt)");
    for (const auto &[handle, drawn] : cards_) {
        if (!drawn->is_toast() && drawn->parentWidget() == tabs_->currentWidget() && drawn->isVisibleTo(tabs_->currentWidget())) {
            title = text_of(drawn->alert().title()) + QStringLiteral(" - ") + title;
        }
    }
    setWindowTitle(title);
}

void Window::changeEvent(QEvent *event) {
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::WindowStateChange && isMinimized() != minimised_) {
        minimised_ = isMinimized();
        minimised_ ? pages_.at("window")->hold_timers() : pages_.at("window")->unhold_timers();
    }
}

void Window::resizeEvent(QResizeEvent *event) {
    QMainWindow::resizeEvent(event);
    for (const auto &[tab, page] : tab_pages_) {
        place_cards(page);
    }
    place_toasts();
}

bool Window::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::Resize) {
        place_cards(static_cast<QWidget *>(watched));
    }
    return QMainWindow::eventFilter(watched, event);
}

void Window::place_cards(QWidget *page) {
    // Dialogs in the middle of their tab, the last shown on top.
    for (Card *drawn : page->findChildren<Card *>(QString(), Qt::FindDirectChildrenOnly)) {
        drawn->adjustSize();
        drawn->move((page->width() - drawn->width()) / 2, (page->height() - drawn->height()) / 2);
        drawn->raise();
    }
}

void Window::place_toasts() {
    // The stack in the bottom-right corner of the tabs, above everything.
    toasts_->adjustSize();
    QRect area = tabs_->geometry();
    toasts_->move(area.right() - toasts_->width() - 12, area.bottom() - toasts_->height() - 12);
    toasts_->raise();
    toasts_->setVisible(toast_layout_->count() > 0);
}
