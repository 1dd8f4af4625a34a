/*
 * The Qt 6 host's window: tabs (one page each, under the window's root
 * page), a dialog area in every tab, a stack of toasts in the bottom-right
 * corner, the reasons panel and the announcements strip. The engine
 * decides; this class draws what its callbacks say and wires the engine
 * to Qt's event loop (docs/event-loops.md).
 */
#ifndef XYZALERT_QT_WINDOW_HPP
#define XYZALERT_QT_WINDOW_HPP

#include <QElapsedTimer>
#include <QFrame>
#include <QLabel>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "xyzalert.hpp"

class Window;

/** One alert on screen: a card in a tab's dialog area, or a toast. */
class Card : public QFrame {
    Q_OBJECT
public:
    Card(Window &window, const xyz::alert &alert, bool toast, QWidget *parent);
    /** Draws the alert's title, message and buttons again (update). */
    void fill();
    /** Marks the toast as held (the pointer is over it). */
    void set_held(bool held);
    const xyz::alert &alert() const { return alert_; }
    bool is_toast() const { return toast_; }
    bool held() const { return held_; }

protected:
    /** A toast's countdown holds while the pointer is over it. */
    void enterEvent(QEnterEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    void show_title();

    Window &window_;
    xyz::alert alert_;
    bool toast_;
    bool held_ = false;
    QLabel *title_;
    QLabel *message_;
    QWidget *buttons_;
};

/** What the engine asks of one page: every callback goes to the window. */
class PageHost : public xyz::host {
public:
    PageHost(Window &window, std::string page) : window_(window), page_(std::move(page)) {}
    void show(xyz::alert &alert, std::string_view target, void *view) override;
    void hide(xyz::alert &alert, xyz::hide_reason reason) override;
    void unhide(xyz::alert &alert) override;
    void remove(xyz::alert &alert, xyz::end_reason reason) override;
    void finish(xyz::alert &alert, xyz::end_reason reason) override;
    void update(xyz::alert &alert) override;
    void announce(xyz::alert &alert, xyz::politeness politeness, std::string_view text) override;
    // Overriding these three puts the page in deferred mode, on the host's
    // clock, with timers from the host (see docs/event-loops.md).
    void request_flush(xyz::dispatch_ref root) override;
    double now() override;
    void set_timer(xyz::dispatch_ref root, double delay) override;
    void campaign(xyz::dispatch_ref root, std::string_view campaign, xyz::campaign_event kind,
                  std::optional<std::string_view> reason, xyz::alert *instance) override;

private:
    Window &window_;
    std::string page_;
};

/** The application's main window. */
class Window : public QMainWindow {
    Q_OBJECT
public:
    /** The alert set at `policy` (its "meta": {"tab": ...} names each
     * alert's tab; "window" is the window itself), its display history at
     * `history` (loaded if it exists, saved by save_history()). Throws
     * xyz::error when the alert set cannot be loaded. */
    Window(const QString &policy, const QString &history);
    ~Window() override;

    /** Adds a fresh instance of the alert set's `id` to its page. */
    xyz::alert add(const std::string &id);
    /** Selects a tab: its page becomes the window's active child. */
    void select(const std::string &tab);
    /** An event of the app, for the alert set's campaigns. */
    void track(const std::string &event);
    /** The user chose button `index` of `alert`. */
    void act(xyz::alert alert, std::size_t index);
    /** Writes the display history (creating its folder). */
    void save_history();
    /** A line for the reasons panel, above the reasons (errors, caps). */
    void note(const QString &text);

    // What the tour reads: the window as the toolkit shows it.
    /** The card or toast drawing `alert`, if it is drawn. */
    Card *card(const xyz::alert &alert) const;
    /** The toasts in the corner that Qt shows now. */
    int visible_toasts() const;
    QString reasons_text() const { return reasons_->toPlainText(); }
    QString announcements_text() const { return announcements_->text(); }
    QTabWidget &tabs() { return *tabs_; }
    const xyz::dispatch &root() const { return *pages_.at("window"); }
    /** Whether a flush or a refresh of the panel is still waiting for the loop. */
    bool settling() const { return flushing_ || refreshing_; }
    QString history_path() const { return history_path_; }

    // What the page hosts call.
    void draw(const xyz::alert &alert, const std::string &page);
    void set_drawn(const xyz::alert &alert, bool visible);
    void erase(const xyz::alert &alert);
    void redraw(const xyz::alert &alert);
    void say(xyz::politeness politeness, const QString &text);
    void flush_later();
    double clock() const { return static_cast<double>(clock_.nsecsElapsed()) / 1e9; }
    void start_timer(double delay);
    void campaign_event(const std::string &campaign, std::optional<std::string_view> reason, xyz::alert *instance);
    /** Refreshes the reasons panel and the title on the next turn of the loop. */
    void refresh_later();
    /** Stacks the toasts in the bottom-right corner again (one changed size). */
    void place_toasts();

protected:
    /** Every countdown holds while the window is minimised. */
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /** Keeps each tab's dialogs in its middle as it resizes. */
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    void place_cards(QWidget *page);

    QTabWidget *tabs_;
    QPlainTextEdit *reasons_;
    QLabel *announcements_;
    QWidget *toasts_;
    QVBoxLayout *toast_layout_;
    std::map<std::string, QWidget *> tab_pages_;
    QStringList said_;
    QStringList notes_;

    xyz::catalog policy_;
    xyz::history history_;
    QString history_path_;
    std::map<std::string, std::string> tab_of_;
    // Hosts first: they outlive the pages made from them (destroyed after).
    std::map<std::string, std::unique_ptr<PageHost>> hosts_;
    std::map<std::string, std::unique_ptr<xyz::dispatch>> pages_;
    std::map<xyz_alert *, Card *> cards_;
    std::vector<xyz::alert> live_;
    QElapsedTimer clock_;
    QTimer timer_;
    bool refreshing_ = false;
    bool flushing_ = false;
    bool minimised_ = false;
};

#endif
